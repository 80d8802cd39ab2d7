import DOMPurify from 'dompurify'
import { useTranslation } from 'react-i18next'
import type { ContentWidget as ContentDescriptor } from '../../../../schemas/widgets.ts'
import { useData } from '../lib/useData.ts'
import { useRenderer } from '../context.tsx'
import { useFailureShownAbove } from '../SharedReads.tsx'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'

/** Translated rich text, with values from its data call interpolated, sanitised before it reaches the page; showWhen hides it while that value is empty or false. */
export function ContentWidget ({ widget }: { widget: ContentDescriptor }) {
  const { t } = useTranslation()
  const { currency } = useRenderer()
  const state = useData<Record<string, unknown>>(widget.data ?? null)
  const failureShownAbove = useFailureShownAbove(widget.id)
  if (widget.data && state.status === 'loading') return <Spinner />
  // A call an earlier widget of the page also makes has its failure said there, once.
  if (state.status === 'error') return failureShownAbove ? null : <CallErrorAlert error={state.error} />
  // A binding still waiting for a required parameter (no draw chosen yet): nothing to show.
  if (widget.data && state.status === 'ready' && state.data === undefined) return null
  const values = state.status === 'ready' && state.data && typeof state.data === 'object' ? state.data : {}
  const shownBy = widget.showWhen === undefined ? true : values[widget.showWhen]
  if (shownBy === undefined || shownBy === null || shownBy === '' || shownBy === false) return null
  // currency feeds the money format ({{Credit, money}}).
  const html = DOMPurify.sanitize(t(widget.bodyKey, { ...values, currency, interpolation: { escapeValue: true } }))
  return <div className='rr-content' data-widget-id={widget.id} dangerouslySetInnerHTML={{ __html: html }} />
}
