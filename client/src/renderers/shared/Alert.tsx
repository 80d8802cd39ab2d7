import DOMPurify from 'dompurify'
import { useTranslation } from 'react-i18next'

/** A success or error box; the message (an i18n key, or text from the server) is translated then sanitised. */
export function Alert ({ type, message, values }: { type: 'success' | 'error', message: string, values?: Record<string, unknown> }) {
  const { t } = useTranslation()
  const html = DOMPurify.sanitize(t(message, { defaultValue: message, ...values }))
  return <div role={type === 'error' ? 'alert' : 'status'} className={`rr-alert rr-alert-${type}`} dangerouslySetInnerHTML={{ __html: html }} />
}
