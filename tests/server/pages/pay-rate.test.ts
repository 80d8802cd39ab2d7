import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { catalogueOf } from './report-tables.ts'

// Pay Rate (/control/payRate) through the service as admin: with ag1 chosen in the downline tree (the page's UserId filter),
// Give own table gives ag1 a pay table of its own, a second one is refused naming ag1, and Back to the operator's table
// removes it, each action's call made as the page makes it and its refusal or success said as the page says it.
// Choosing ag1 in the tree by keyboard and the confirmations stay in tests/e2e/pages/payments-legacy.test.ts.

interface CallAction { id: string, kind: 'call', endpoint: string, method: string, params?: Record<string, { from: string, name: string }>, confirmKey?: string, successKey?: string }

t.test('Pay Rate: ag1 given a table of its own, then back to the operator\'s', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const admin = await signedIn(serviceUrl, 'admin')
  const say = await catalogueOf(admin)
  const page = (await admin.get('/ui/pages?path=%2Fcontrol%2FpayRate')).json as { actions: CallAction[], widgets: Array<{ id: string, choose?: { set: Record<string, string> } }> }
  t.same(page.widgets.find((w) => w.id === 'downline')?.choose?.set, { UserId: 'UserId' }, 'choosing a user in the downline tree sets the page\'s UserId')
  const filters = { UserId: 'ag1' }
  /** An action's call with the page's filters, as the client makes it: :Field segments filled, the rest as the body (query for DELETE). */
  const run = async (id: string) => {
    const action = page.actions.find((a) => a.id === id)!
    const params: Record<string, string> = {}
    for (const [name, source] of Object.entries(action.params ?? {})) if (source.from === 'filter') params[name] = filters[source.name as keyof typeof filters]
    const endpoint = action.endpoint.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => { const value = params[name]!; delete params[name]; return encodeURIComponent(value) })
    const answer = action.method === 'DELETE' || action.method === 'GET'
      ? await admin.request(action.method, Object.keys(params).length > 0 ? `${endpoint}?${new URLSearchParams(params).toString()}` : endpoint)
      : await admin.request(action.method, endpoint, { body: params })
    // The refusal as the page says it: the catalogue's text for its code, with its values by position.
    const body = answer.json as { code?: string, gameApiCode?: string, params?: unknown[] } | undefined
    const code = body?.gameApiCode ?? body?.code
    const refusal = answer.status === 200 ? '' : say(`errors.${String(code)}`).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(body?.params?.[Number(i)] ?? ''))
    return { status: answer.status, said: answer.status === 200 ? say(action.successKey) : refusal }
  }

  t.match(await run('ownTable'), { status: 200, said: /now has its own pay table/ }, 'ag1 now has its own pay table')
  const again = await run('ownTable')
  t.match(again.said, /ag1/, `a second one is refused: ag1 has one (${again.status}: ${again.said})`)
  t.match(await run('operatorTable'), { status: 200, said: /paid by the operator's table again/ }, 'ag1 is paid by the operator\'s table again')
})
