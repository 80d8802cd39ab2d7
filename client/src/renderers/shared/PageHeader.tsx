import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** Page title with an optional Back button (one step back in history) and left, right and content slots; hidden when printing. */
export function PageHeader ({ title, back, left, right, children }: { title: string, back?: boolean, left?: ReactNode, right?: ReactNode, children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <header className='rr-page-header' data-print='hide'>
      <div className='rr-page-header-bar'>
        {back && <button type='button' className='rr-back' onClick={() => window.history.back()}>{t('renderers.back')}</button>}
        {left}
        <h1 className='rr-title'>{title}</h1>
        <div className='rr-right'>{right}</div>
      </div>
      {children}
    </header>
  )
}
