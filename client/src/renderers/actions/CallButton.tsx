import { useTranslation } from 'react-i18next'
import type { CallAction } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { useBindingScope } from '../context.tsx'
import { resolveParams, withQuery } from '../lib/binding.ts'
import { startTarget } from '../lib/job.ts'
import { successValues } from '../lib/formSubmit.ts'
import { Alert } from '../shared/Alert.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { useConfirm } from '../shared/useConfirm.tsx'

/** A do-it button (Clear cache, Recalculate credit, Finalise draw): an optional confirmation dialog, one call, then its message; the write reloads the page's data. */
export function CallButton ({ action }: { action: CallAction }) {
  const { t } = useTranslation()
  const scope = useBindingScope()
  const confirm = useConfirm()
  const call = useApiMutation(() => {
    // :Name segments (payRate/:UserId) take the bound parameter of that name, as a form's submit does.
    const { endpoint, params } = startTarget(action.endpoint, resolveParams(action.params, scope))
    return action.method === 'GET' || action.method === 'DELETE'
      ? callData(action.method, withQuery(endpoint, params))
      : callData(action.method, endpoint, params)
  })
  const run = async () => { if (!action.confirmKey || await confirm.ask(action.confirmKey, action.labelKey)) call.mutate() }
  return (
    <span className='rr-call-action' data-action-id={action.id}>
      <button type='button' disabled={call.isPending} aria-busy={call.isPending || undefined} onClick={run}>
        {t(action.labelKey)}
      </button>
      {confirm.dialog}
      {call.isSuccess && <Alert type='success' message={action.successKey ?? 'renderers.done'} values={successValues(call.data, action.successValues)} />}
      {call.isError && <CallErrorAlert error={call.error} />}
    </span>
  )
}
