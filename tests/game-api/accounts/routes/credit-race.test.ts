import t from 'tap'
import { eachDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// 20 concurrent credit grants from one parent never overspend its credit left: the parent's row lock serialises them.
eachDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const ag1 = await h.signIn('ag1')
  const ids = Array.from({ length: 20 }, (_, i) => `race${String(i).padStart(2, '0')}`)
  for (const id of ids) {
    const res = await h.call('POST', '/api/v1/4d/players?Simple=true', { token: ag1, payload: { UserId: id } })
    t.equal(res.statusCode, 200, `created ${id}`)
  }
  const left = async () => Number((await h.db.query<{ c: string }>("SELECT credit_left AS c FROM users WHERE user_id = 'ag1'")).rows[0]?.c)
  const start = await left()
  const grant = 3000
  const answers = await Promise.all(ids.map((id) => h.call('PUT', '/api/v1/4d/players/credit', { token: ag1, payload: { UserId: id, Credit: grant } })))
  const granted = answers.filter((a) => a.statusCode === 200).length
  const refused = answers.filter((a) => a.statusCode === 409)
  t.equal(granted + refused.length, 20, 'every grant either went through or was refused by the rule')
  t.equal(granted, Math.floor(start / grant), 'exactly as many grants as the credit left allows')
  t.ok(refused.every((r) => /^Credit 3,000\.00 is more than ag1's credit left, \d/.test(r.json().message as string)), 'the refusal names the limit')
  const end = await left()
  t.ok(end >= 0, `never overspent (credit left ${end})`)
  t.equal(end, start - granted * grant, 'the parent paid exactly for the grants made')
  const given = await h.db.query<{ s: string }>('SELECT sum(credit) AS s FROM users WHERE user_id = ANY($1::text[])', [ids])
  t.equal(Number(given.rows[0]?.s), granted * grant, 'the downline holds exactly what was given')
})
