import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// paymentUserIds: the caller's whole live downline, and an answer (not a query that never ends) when the data holds a parent cycle.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2') }
  const ids = async (as: keyof typeof tokens) => {
    const answer = await api(h, 'GET', '/api/v1/4d/paymentUserIds?LocId=SG', tokens[as])
    t.equal(answer.status, 200, String(answer.body.message))
    return (answer.body.data as Array<{ UserId: string }>).map((u) => u.UserId)
  }

  t.test('every user below the caller, the caller not among them', async (t) => {
    t.same(await ids('ag1'), ['ag2', 'mem1', 'mem2', 'mem3'])
  })

  t.test('a parent cycle under the caller answers, cut at the depth cap', async (t) => {
    await h.db.query("UPDATE users SET parent_id = 'mem2' WHERE user_id = 'ag2'")
    const found = await ids('ag2')
    t.same([...new Set(found)].sort(), ['ag2', 'mem2'])
  })
})
