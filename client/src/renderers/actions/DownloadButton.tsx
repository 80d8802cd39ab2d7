import { useTranslation } from 'react-i18next'
import type { DownloadAction } from '../../../../schemas/widgets.ts'
import { useBindingScope } from '../context.tsx'
import { resolveParams } from '../lib/binding.ts'
import { startTarget } from '../lib/job.ts'
import { useDownload } from '../lib/useDownload.ts'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'

/** A header button that saves a call's answer as a file (a draw's .ara), its parameters bound like a call button's; disabled until the parameters it requires have values. */
export function DownloadButton ({ action }: { action: DownloadAction }) {
  const { t } = useTranslation()
  const scope = useBindingScope()
  const download = useDownload()
  // :Name segments take the bound parameter of that name, as a call button's do.
  const { endpoint, params, missing } = startTarget(action.endpoint, resolveParams(action.params, scope), action.requires)
  const run = () => download.mutate({ method: action.method, endpoint, params, fileName: action.fileName })
  return (
    <span className='rr-call-action' data-action-id={action.id}>
      <button type='button' disabled={missing.length > 0 || download.isPending} aria-busy={download.isPending || undefined} onClick={run}>
        {t(action.labelKey)}
      </button>
      {download.isError && <CallErrorAlert error={download.error} />}
    </span>
  )
}
