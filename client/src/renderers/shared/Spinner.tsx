import { useTranslation } from 'react-i18next'

/** A busy indicator with its text for screen readers ("Loading..."). */
export function Spinner () {
  const { t } = useTranslation()
  return <div className='rr-spinner' role='status' aria-live='polite'><span className='rr-spinner-dot' aria-hidden='true' />{t('renderers.loading')}</div>
}
