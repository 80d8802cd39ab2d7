import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { JobWidget as JobDescriptor } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { invalidateAfterWrite, queryKeys, useApiMutation } from '../../lib/queries.ts'
import { useRenderer } from '../context.tsx'
import { resolveParams, withQuery } from '../lib/binding.ts'
import { jobPhase, jobResult, startTarget, statusUrl, type JobPhase } from '../lib/job.ts'
import { fieldText } from '../lib/codedMessage.ts'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { Alert } from '../shared/Alert.tsx'
import { useConfirm } from '../shared/useConfirm.tsx'

/** Starts a long-running job with one call (a mutation), then polls its status call (a query) and shows a progress bar until done or failed. */
export function JobWidget ({ widget }: { widget: JobDescriptor }) {
  const { t, i18n } = useTranslation()
  // A job's message in the user's language (its code and values), not the server's English.
  const say = (record: unknown, path: string) => fieldText(i18n, record, path)
  const client = useQueryClient()
  const { filters, query, session } = useRenderer()
  const [url, setUrl] = useState<string | null>(null)
  const resolved = resolveParams(widget.start.params, { filters, query, session })
  // A start endpoint such as files/processUpload/:FileId waits for its FileId (a chosen row).
  const target = startTarget(widget.start.endpoint, resolved, widget.start.requires)
  const start = useApiMutation(({ endpoint, params }: typeof target) => {
    const m = widget.start.method
    return m === 'GET' || m === 'DELETE' ? callData(m, withQuery(endpoint, params)) : callData(m, endpoint, params)
  })
  const status = useQuery({
    queryKey: queryKeys.jobStatus(url ?? ''),
    queryFn: () => callData('GET', url ?? ''),
    enabled: url !== null,
    // Polled while the job runs; a finished job (or a failed poll) stops it.
    refetchInterval: (q) => q.state.status === 'success' && jobPhase(q.state.data, widget.status).phase === 'running' ? widget.pollMs ?? 1000 : false,
    gcTime: 0
  })
  const confirm = useConfirm()
  const run = async () => {
    if (widget.confirmKey && !(await confirm.ask(widget.confirmKey, widget.labelKey))) return
    setUrl(null)
    start.mutate(target, {
      onSuccess: async (answer) => {
        const next = statusUrl(widget.status, answer)
        // The same job id run again starts from a fresh status, not the last run's answer.
        await client.resetQueries({ queryKey: queryKeys.jobStatus(next), exact: true })
        setUrl(next)
      }
    })
  }
  const phase: JobPhase | null = start.isPending || (url !== null && status.status === 'pending')
    ? { phase: 'running', progress: 0 }
    : url !== null && status.status === 'success' ? jobPhase(status.data, widget.status) : null
  const finished = url !== null && status.status === 'success' && phase?.phase !== 'running'
  // What a finished job changed is read again (tables of files, bets, credit).
  useEffect(() => {
    if (finished && phase?.phase === 'done') invalidateAfterWrite(client).catch(() => {})
  }, [finished, phase?.phase, client])
  const result = finished ? jobResult(status.data, widget.result, say) : null
  const error = start.error ?? (url !== null ? status.error : null)
  const running = phase?.phase === 'running'
  return (
    <section className='rr-job' data-widget-id={widget.id} data-phase={phase?.phase ?? 'idle'}>
      <button type='button' onClick={() => { run().catch(() => {}) }} disabled={running || target.missing.length > 0}>{t(widget.labelKey, { ...Object.fromEntries(target.missing.map((n) => [n, ''])), ...resolved })}</button>
      {running && <><progress max={100} value={phase.progress} /> <span>{t('renderers.job.running', { progress: phase.progress })}</span></>}
      {phase?.phase === 'done' && <Alert type='success' message={widget.result?.key ?? 'renderers.job.done'} values={result?.values} />}
      {phase?.phase !== 'running' && widget.result?.itemKey && (result?.items.length ?? 0) > 0 && (
        <ul className='rr-job-items'>{result?.items.map((item, i) => <li key={i}>{t(widget.result?.itemKey ?? '', item)}</li>)}</ul>
      )}
      {phase?.phase === 'failed' && <Alert type='error' message='renderers.job.failed' values={{ message: say(status.data, widget.status.messagePath ?? 'message') ?? phase.message }} />}
      {error && <CallErrorAlert error={error} />}
      {confirm.dialog}
    </section>
  )
}
