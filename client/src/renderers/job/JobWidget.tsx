import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobWidget as JobDescriptor } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'
import { resolveParams, withQuery } from '../lib/binding.ts'
import { jobPhase, jobResult, startTarget, statusUrl, type JobPhase } from '../lib/job.ts'
import type { CallError } from '../lib/errors.ts'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { Alert } from '../shared/Alert.tsx'

/** Starts a long-running job with one call, then polls its status call and shows a progress bar until done or failed. */
export function JobWidget ({ widget }: { widget: JobDescriptor }) {
  const { t } = useTranslation()
  const { call, filters, query, session, reloadAll } = useRenderer()
  const [url, setUrl] = useState<string | null>(null)
  const [phase, setPhase] = useState<JobPhase | null>(null)
  const [error, setError] = useState<CallError | null>(null)
  const [result, setResult] = useState<ReturnType<typeof jobResult> | null>(null)
  const resolved = resolveParams(widget.start.params, { filters, query, session })
  // A start endpoint such as files/processUpload/:FileId waits for its FileId (a chosen row).
  const target = startTarget(widget.start.endpoint, resolved)
  const start = () => {
    setError(null)
    setResult(null)
    setPhase({ phase: 'running', progress: 0 })
    const { endpoint, params } = target
    const m = widget.start.method
    const request = m === 'GET' || m === 'DELETE' ? call(m, withQuery(endpoint, params)) : call(m, endpoint, params)
    request.then((answer) => setUrl(statusUrl(widget.status, answer)), (e: CallError) => { setPhase(null); setError(e) })
  }
  useEffect(() => {
    if (!url) return
    let live = true
    let timer = 0
    const poll = () => {
      call('GET', url).then((answer) => {
        if (!live) return
        const next = jobPhase(answer, widget.status)
        setPhase(next)
        if (next.phase === 'running') timer = window.setTimeout(poll, widget.pollMs ?? 1000)
        else {
          setUrl(null)
          setResult(jobResult(answer, widget.result))
          if (next.phase === 'done') reloadAll()
        }
      }, (e: CallError) => { if (live) { setError(e); setPhase(null); setUrl(null) } })
    }
    poll()
    return () => { live = false; window.clearTimeout(timer) }
  }, [url, call, widget, reloadAll])
  const running = phase?.phase === 'running'
  return (
    <section className='rr-job' data-widget-id={widget.id} data-phase={phase?.phase ?? 'idle'}>
      <button type='button' onClick={start} disabled={running || target.missing.length > 0}>{t(widget.labelKey, { ...Object.fromEntries(target.missing.map((n) => [n, ''])), ...resolved })}</button>
      {running && <><progress max={100} value={phase.progress} /> <span>{t('renderers.job.running', { progress: phase.progress })}</span></>}
      {phase?.phase === 'done' && <Alert type='success' message={widget.result?.key ?? 'renderers.job.done'} values={result?.values} />}
      {phase?.phase !== 'running' && widget.result?.itemKey && (result?.items.length ?? 0) > 0 && (
        <ul className='rr-job-items'>{result?.items.map((item, i) => <li key={i}>{t(widget.result?.itemKey ?? '', item)}</li>)}</ul>
      )}
      {phase?.phase === 'failed' && <Alert type='error' message='renderers.job.failed' values={{ message: phase.status }} />}
      {error && <CallErrorAlert error={error} />}
    </section>
  )
}
