import { useTranslation } from 'react-i18next'

/** The visible fallback for a widget type this client has no renderer for. */
export function UnknownWidget ({ type }: { type: string }) {
  const { t } = useTranslation()
  return <div role='alert' className='rr-unknown' data-unknown-type={type}>{t('renderers.unknownWidget', { type })}</div>
}
