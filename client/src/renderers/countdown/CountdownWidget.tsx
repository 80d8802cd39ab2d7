import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CountdownWidget as CountdownDescriptor } from '../../../../schemas/widgets.ts'
import { useData } from '../lib/useData.ts'
import { getPath } from '../lib/binding.ts'
import { formatDuration, serverOffset, type CountdownOptions } from '../lib/countdown.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { Alert } from '../shared/Alert.tsx'
import { useCountdown } from './useCountdown.ts'

/** Server mode reads the close date and the server time from one settings call, so the count follows the server clock. */
function useServerAnchor (widget: CountdownDescriptor) {
  const state = useData<unknown>(widget.mode === 'server' ? widget.data : null)
  return useMemo(() => {
    if (widget.mode !== 'server') return { ready: true as const, endAt: undefined, offset: 0 }
    if (state.status !== 'ready') return { ready: false as const, state }
    const end = Date.parse(String(getPath(state.data, widget.targetPath ?? 'dClose.CloseDate')))
    const serverTime = String(getPath(state.data, widget.serverTimePath ?? 'serverTime'))
    return { ready: true as const, endAt: Number.isNaN(end) ? Date.now() : end, offset: serverOffset(serverTime, Date.now()) }
  }, [state, widget])
}

/** The countdown widget: time left, state, and (with controls) pause, resume, stop, restart; "Close" once a server countdown is done. */
export function CountdownWidget ({ widget }: { widget: CountdownDescriptor }) {
  const { t } = useTranslation()
  const anchor = useServerAnchor(widget)
  const [events, setEvents] = useState<string[]>([])
  const options = useMemo<CountdownOptions | null>(() => {
    if (!anchor.ready) return null
    return widget.mode === 'server'
      ? { endAt: anchor.endAt, notify: widget.notify, demandStart: widget.demandStart, format: widget.format }
      : { seconds: widget.seconds, repeat: true, notify: widget.notify, demandStart: widget.demandStart, format: widget.format }
  }, [anchor, widget])
  const view = useCountdown(options, anchor.ready ? anchor.offset : 0, (action) => setEvents((prev) => [...prev.slice(-19), action]))
  if (!anchor.ready) return anchor.state.status === 'error' ? <CallErrorAlert error={anchor.state.error} /> : <Spinner />
  if (view.error) return <Alert type='error' message={view.error} />
  const closed = widget.mode === 'server' && view.status === 'done'
  const c = view.countdown
  return (
    <section className='rr-countdown' data-widget-id={widget.id} data-status={view.status} data-events={events.join(' ')}>
      {widget.labelKey && <span className='rr-countdown-label'>{t(widget.labelKey)} </span>}
      <time className='rr-countdown-time' aria-live='off'>{closed ? t(widget.closedKey ?? 'renderers.close') : formatDuration(view.leftMs, c?.format)}</time>
      <span className='rr-countdown-status'> {t(`renderers.countdown.status.${view.status}`)}</span>
      {widget.controls && c && (
        <span className='rr-countdown-controls' data-print='hide'>
          <button type='button' onClick={() => c.resume()}>{t(view.status === 'paused' && widget.demandStart ? 'renderers.start' : 'renderers.resume')}</button>
          <button type='button' onClick={() => c.pause()}>{t('renderers.pause')}</button>
          <button type='button' onClick={() => c.stop()}>{t('renderers.stop')}</button>
          <button type='button' onClick={() => c.restart()}>{t('renderers.restart')}</button>
        </span>
      )}
    </section>
  )
}
