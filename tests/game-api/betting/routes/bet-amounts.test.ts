import t from 'tap'
import { BIG_PATTERN, bigProblem, smallProblem, overLineMaximum } from '../../../../server/game-api/betting/rules/index.ts'
import { fromRoot } from '../../../../server/shared/paths.ts'
import { validateLines } from '../../../../client/src/renderers/lib/formLines.ts'
import { loadConfig } from '../../../../server/src/config/load.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness, type GameApiHarness } from '../../harness.ts'
import { api } from '../support.ts'

t.test('the amount rule: Big in 1, H and Q (multiples of 0.25), Small whole dollars, unless AcceptDecimals', async (t) => {
  for (const big of [0, 0.25, 0.5, 0.75, 1, 1.5, 2.25, 100]) t.equal(bigProblem(big), undefined, `Big ${big}`)
  for (const big of [1.3, 0.1, 0.3, 2.2]) t.equal(bigProblem(big), 'step', `Big ${big}`)
  t.equal(bigProblem(-1), 'negative')
  t.equal(bigProblem(1.3, { acceptDecimals: true }), undefined, 'AcceptDecimals takes cents')
  t.equal(bigProblem(1.333, { acceptDecimals: true }), 'cents')
  for (const small of [0, 1, 2, 40]) t.equal(smallProblem(small), undefined, `Small ${small}`)
  for (const small of [0.5, 1.25]) t.equal(smallProblem(small), 'whole', `Small ${small}`)
  t.equal(smallProblem(0.5, { acceptDecimals: true }), undefined)
  t.ok(overLineMaximum(20.01, 20))
  t.notOk(overLineMaximum(0.1 + 0.2, 0.3), 'compared in cents')
})

/** A shipped page template with its fragments in place, as the service serves it. */
async function shippedPage (name: string) {
  const loaded = await loadConfig(fromRoot('menus'))
  if (!loaded.ok) throw new Error(`invalid shipped config: ${JSON.stringify(loaded.errors.slice(0, 3))}`)
  const page = loaded.config.pages.find((p) => p.file === `pages/${name}.json`)?.page
  if (!page) throw new Error(`no page ${name}`)
  return page
}

t.test('every Place Bets and Fixed Bets form checks Big with the pattern that agrees with the rule', async (t) => {
  const pattern = new RegExp(BIG_PATTERN)
  for (const typed of ['1', '1.5', '2.25', '0.75', '.5', '3.50', '10']) t.ok(pattern.test(typed) && bigProblem(Number(typed)) === undefined, `${typed} passes both`)
  for (const typed of ['1.3', '0.1', '2.2', '1.333']) t.ok(!pattern.test(typed) && bigProblem(Number(typed)) !== undefined, `${typed} fails both`)
  for (const page of ['bet-placeBets-add', 'bet-placeBets-add-20', 'bet-fixedBets']) {
    const text = JSON.stringify(await shippedPage(page), null, 2)
    const bigFields = text.match(/"name": "Big"/g)?.length ?? 0
    t.ok(bigFields > 0, `${page}: has Big fields`)
    t.equal(text.split(JSON.stringify(BIG_PATTERN)).length - 1, bigFields, `${page}: each Big field carries the pattern`)
  }
})

t.test('the Place Bets form refuses Big 1.3 and Small 0.5 before sending, takes 1.25 and 2', async (t) => {
  const page = await shippedPage('bet-placeBets-add')
  const form = page.widgets.find((w) => w.type === 'form' && w.lines !== undefined)
  const lines = form?.type === 'form' ? form.lines : undefined
  if (!lines) throw new Error('the Place Bets form has no lines')
  const errors = validateLines([{ Number: '1234', Form: 'straight', Big: '1.3', Small: '0.5' }, { Number: '5678', Form: 'straight', Big: '1.25', Small: '2' }], lines)
  t.same(errors['Lines.0.Big'], [{ key: 'page.placeBets.bigRule' }])
  t.same(errors['Lines.0.Small'], [{ key: 'page.placeBets.smallRule' }])
  t.notOk(errors['Lines.1.Big'] ?? errors['Lines.1.Small'], 'the good line passes')
})

/** Uploads a file as ag1 for 4D, processes it with AcceptDecimals and answers the job's last status. */
async function uploadAndRun (h: GameApiHarness, token: string, content: string, acceptDecimals: boolean) {
  const boundary = '----amounts'
  const fields: Record<string, string> = { StrictNumber: 'true', AcceptDecimals: String(acceptDecimals), UserId: 'ag1', LocId: 'SG' }
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bets.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`)
  const up = await h.call('POST', '/api/v1/4d/files/upload', { token, payload: parts.join(''), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
  const fileId = up.json().data.FileId
  await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, token, {})
  for (let i = 0; i < 400; i++) {
    const { body } = await api(h, 'GET', `/api/v1/4d/files/processUpload/${fileId}/status`, token)
    if (body.data.Status === 'done' || body.data.Status === 'failed') return body.data
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('the upload job did not end')
}

/** A bet text placed through bet/text. */
const betText = (h: GameApiHarness, token: string, text: string, extra: object = {}) => api(h, 'POST', '/api/v1/4d/bet/text', token, { Text: text, ...extra })

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), mem1: await h.signIn('mem1') }

  t.test('a Big or Small past the most any line may stake is refused by its schema, naming the field', async (t) => {
    for (const [field, line] of [['Big', { Number: '4321', Big: 1e10 }], ['Small', { Number: '4321', Small: 2e9 }]] as const) {
      const answer = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [line] })
      t.equal(answer.status, 400, JSON.stringify(answer.body).slice(0, 200))
      t.match(answer.body.message, new RegExp(`^body/Lines/0/${field} must be <= 1000000000`))
    }
  })

  t.test('JSON bet: Big 1.3 and Small 0.5 are refused naming the line; Big 1.25 and Small 2 are taken', async (t) => {
    const big = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Big: 1 }, { Number: '1235', Big: 1.3 }] })
    t.equal(big.status, 400)
    t.match(big.body, { subCode: undefined, message: /^Line 2: Big is 0 or more in steps of 0\.25/ })
    const small = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Small: 0.5 }] })
    t.equal(small.status, 400)
    t.match(small.body.message, /^Line 1: Small is 0 or more whole dollars/)
    const good = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Big: 1.25, Small: 2 }] })
    t.equal(good.status, 200, JSON.stringify(good.body))
    t.equal(good.body.data.StakePerDraw, 3.25)
  })

  t.test('fixed bets take the same rule', async (t) => {
    const bad = await api(h, 'POST', '/api/v1/4d/bet/fixed', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Big: 0.1 }] })
    t.equal(bad.status, 400)
    t.match(bad.body.message, /^Line 1: Big is 0 or more in steps of 0\.25/)
  })

  t.test('bet text: 1.3- and -0.5 refused; 1H- taken; AcceptDecimals takes cents', async (t) => {
    const refused = await betText(h, tokens.mem1, 'mem1 3 1234 1.3- 1235 -0.5')
    t.equal(refused.status, 400)
    t.equal(refused.body.data.length, 2, JSON.stringify(refused.body.data))
    t.equal((await betText(h, tokens.mem1, 'mem1 3 1234 1H-')).status, 200)
    const decimals = await betText(h, tokens.mem1, 'mem1 3 1234 1.3-0.5', { AcceptDecimals: true })
    t.equal(decimals.status, 200, JSON.stringify(decimals.body))
    t.equal(decimals.body.data.StakePerDraw, 1.8)
  })

  t.test('MaxLineStake: default 50,000; a parent sets it, not above its own; every path refuses a line over it', async (t) => {
    const huge = await betText(h, tokens.ag1, 'ag1 3 1234 99999999999-')
    t.equal(huge.status, 400)
    t.match(huge.body.message, /^Line 1: 1234 99999999999- stakes 99999999999\.00 a draw, over the 50000\.00 per line that ag1 may stake/)
    t.equal((await api(h, 'GET', '/api/v1/4d/players/profile?UserId=mem1', tokens.ag1)).body.data.MaxLineStake, 50000)
    const above = await api(h, 'PUT', '/api/v1/4d/players/position', tokens.ag1, { UserId: 'mem1', MaxLineStake: 60000 })
    t.equal(above.status, 409)
    t.match(above.body.message, /MaxLineStake 60000 is more than ag1 has, 50000/)
    t.equal((await api(h, 'PUT', '/api/v1/4d/players/position', tokens.ag1, { UserId: 'mem1', MaxLineStake: 2.5 })).status, 400, 'whole dollars')
    const set = await api(h, 'PUT', '/api/v1/4d/players/position', tokens.ag1, { UserId: 'mem1', MaxLineStake: 20 })
    t.equal(set.status, 200, JSON.stringify(set.body))
    t.equal(set.body.data.MaxLineStake, 20)

    const json = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Big: 20 }, { Number: '5678', Big: 20, Small: 1 }] })
    t.equal(json.status, 400)
    t.match(json.body.message, /^Line 2: 5678 20-1 stakes 21\.00 a draw, over the 20\.00 per line that mem1 may stake/)
    t.equal((await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Big: 20 }] })).status, 200, 'at the maximum is taken')
    const roll = await betText(h, tokens.mem1, 'mem1 3 1234r 3-')
    t.equal(roll.status, 400, 'a roll stakes its 10 numbers')
    t.match(roll.body.message, /^Line 1: 1234r 3- stakes 30\.00 a draw/)
    const toto = await api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, { DayCode: '4', Lines: [{ Type: 'SYSTEM', Numbers: [1, 2, 3, 4, 5, 6, 7], Units: 3 }] })
    t.equal(toto.status, 400, 'System 7 at 3 units stakes 21')
    t.match(toto.body.message, /stakes 21\.00 a draw, over the 20\.00/)

    const fixed = await api(h, 'POST', '/api/v1/4d/bet/fixed', tokens.mem1, { DayCode: '3', Lines: [{ Number: '4321', Big: 25 }] })
    t.equal(fixed.status, 200)
    const run = await api(h, 'POST', '/api/v1/4d/fixed/process', tokens.admin, {})
    t.match(run.body.data.Failed, [{ FixedId: fixed.body.data.FixedId, Message: /Line 1: 4321 25- stakes 25\.00 a draw, over the 20\.00/ }])
    await api(h, 'DELETE', `/api/v1/4d/bet/fixed?FixedId=${fixed.body.data.FixedId}`, tokens.mem1)

    const file = await uploadAndRun(h, tokens.ag1, 'mem1 3 1111 1.3-\nmem1 3 2222 21-\nmem1 3 3333 1H-', false)
    t.match(file, { Placed: 1, Failed: 2 })
    t.match(file.Errors, [{ Line: 1, Message: /Big amount "1\.3" is not understood/ }, { Line: 2, Message: /^Line 1: 2222 21- stakes 21\.00 a draw, over the 20\.00/ }])
    const decimals = await uploadAndRun(h, tokens.ag1, 'mem1 3 1111 1.3-0.5', true)
    t.match(decimals, { Placed: 1, Failed: 0 }, 'the upload\'s AcceptDecimals takes cents')

    const raised = await api(h, 'PUT', '/api/v1/4d/agents/position', tokens.admin, { UserId: 'ag1', MaxLineStake: 100000 })
    t.equal(raised.status, 200, 'the company sets any maximum')
    t.equal(raised.body.data.MaxLineStake, 100000)
  })
})
