import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { AccessGateWidget as GateDescriptor } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { queryKeys } from '../../lib/queries.ts'
import { useRenderer } from '../context.tsx'
import { resolveParams, resolveSource } from '../lib/binding.ts'
import { gateCheckUrl, gateUserId } from '../lib/gate.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { WidgetList } from '../WidgetSlot.tsx'

/** Shows its widgets only when the check answers success true; "Unauthorized Access" on false or error. */
export function AccessGateWidget ({ widget }: { widget: GateDescriptor }) {
  const { t } = useTranslation()
  const { filters, query, session } = useRenderer()
  const input = widget.userIdFrom ? resolveSource(widget.userIdFrom, { filters, query, session }) : undefined
  const [userId, setUserId] = useState<string | undefined>(() => gateUserId(undefined, input))
  // Rerun only when the user id changes to a non-empty value.
  useEffect(() => { setUserId((prev) => gateUserId(prev, input)) }, [input])
  const params = resolveParams(widget.check.params, { filters, query, session })
  const url = gateCheckUrl(widget.check.endpoint, params, userId, session.UserId === undefined ? undefined : String(session.UserId))
  const m = widget.check.method ?? 'GET'
  const target = m === 'GET' || m === 'DELETE' ? url : widget.check.endpoint
  const check = useQuery({ queryKey: queryKeys.accessCheck(target, m), queryFn: () => callData(m, target) })
  if (check.status === 'pending') return <Spinner />
  if (check.status === 'error') return <p role='alert' className='rr-unauthorized' data-widget-id={widget.id}>{t('renderers.unauthorized')}</p>
  return <div data-widget-id={widget.id}><WidgetList widgets={widget.widgets} /></div>
}
