import t, { type Test } from 'tap'
import { randomBytes, randomUUID } from 'node:crypto'
import { openDb, type Db } from '../../../server/shared/db.ts'
import { buildGameApi, buildService } from '../../helpers/build.ts'
import { eachDatabase, freshDb, templateCopy, type DbKind } from '../../helpers/db.ts'
import { Browser } from '../../helpers/http-browser.ts'
import { eventually } from '../../helpers/eventually.ts'
import { startRelay } from './relay.ts'

// A bet whose answer comes after the proxy timeout, retried with its Idempotency-Key on another instance sharing the store.
const PROXY_TIMEOUT_MS = 1000

/** The service store two instances share: on PostgreSQL each opens its own pool on one database; PGlite is one process's. */
async function sharedStores (t: Test, kind: DbKind): Promise<[Db, Db]> {
  if (kind === 'pglite') {
    const db = await freshDb(t, kind, { of: 'service' })
    return [db, db]
  }
  const copy = await templateCopy(t, { of: 'service' })
  const open = async () => {
    const db = await openDb(copy)
    t.teardown(() => db.close())
    return db
  }
  return [await open(), await open()]
}

await eachDatabase(t, async (t, kind) => {
  const { gameApiUrl, db: gameDb } = await buildGameApi(t, { kind })
  const relay = await startRelay(t, gameApiUrl)
  const [storeA, storeB] = await sharedStores(t, kind)
  const env = { PROXY_TIMEOUT_MS: String(PROXY_TIMEOUT_MS), SESSION_SECRET: randomBytes(24).toString('hex') }
  const a = await buildService(t, { gameApiUrl: relay.url, env, store: storeA })
  const b = await buildService(t, { gameApiUrl: relay.url, env, store: storeB })

  const onA = new Browser(a.serviceUrl)
  t.equal((await onA.login('mem1')).status, 200)
  // The same browser session, sent to the other instance by the load balancer.
  const onB = Object.assign(new Browser(b.serviceUrl, onA.ip), { cookie: onA.cookie, csrf: onA.csrf })
  const form = (await onA.get('/ui/pages?path=/bet/placeBets/add')).json.widgets.find((w: { id: string }) => w.id === 'placeBet')
  const endpoint: string = form.submit.endpoint
  const bet = { DayCode: '3', Lines: [{ Number: '4321', Form: 'straight', Big: 1, Small: 1 }] }
  const tickets = async () => Number((await gameDb.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets WHERE user_id = $1', ['mem1'])).rows[0]?.n)
  const creditLeft = async () => Number((await onA.get('/api/v1/profile', { 'x-no-cache': '1' })).json.data.CreditLeft)
  const betsSent = () => relay.seen.filter((r) => r.method === 'POST' && r.url.includes(endpoint.split('/').pop()!)).length
  // Only the bet's answer is held: each instance's own reads (the profile) answer at once.
  relay.state.heldPath = `/api/v1/4d/${endpoint.split('/').pop()!}`

  await t.test('a bet answered after the proxy timeout is placed once; its retries get its answer', async (t) => {
    const ticketsBefore = await tickets()
    const creditBefore = await creditLeft()
    const sentBefore = betsSent()
    const key = randomUUID()
    const headers = { 'idempotency-key': key }

    relay.state.answerDelayMs = 3 * PROXY_TIMEOUT_MS
    const timedOut = await onA.post(endpoint, bet, { headers })
    t.equal(timedOut.status, 504, timedOut.text)
    t.equal(timedOut.json.code, 'UI_GAME_API_TIMEOUT')

    const whileRunning = await onB.post(endpoint, bet, { headers })
    t.equal(whileRunning.status, 409, 'the other instance waits its while, then says the first is still running')
    t.equal(whileRunning.json.code, 'UI_IDEMPOTENCY_KEY_BUSY')
    t.equal(whileRunning.headers.get('retry-after'), '2')
    relay.state.answerDelayMs = 0

    const replayed = await eventually(async () => {
      const answer = await onB.post(endpoint, bet, { headers })
      return answer.status === 409 ? false : answer
    }, { within: 10 * PROXY_TIMEOUT_MS, every: 200, what: 'the first answer kept for the key' })
    t.equal(replayed.status, 200, replayed.text)
    t.match(replayed.json.data, { UserId: 'mem1', TicketNo: /\S+/ })
    const stake = Number(replayed.json.data.Stake)
    t.ok(stake > 0)
    t.equal(replayed.headers.get('idempotent-replayed'), 'true')
    const again = await onA.post(endpoint, bet, { headers })
    t.equal(again.text, replayed.text, 'every repeat, on either instance, gets the same answer')

    t.equal(betsSent(), sentBefore + 1, 'the game API was sent the bet once')
    // The audit log says what became of the call its client stopped waiting for: 504 to the client, then the game API's answer.
    const calls = (await a.service.audit.query({ action: 'api.call', user: 'mem1' })).items.filter((r) => (r.detail as { idempotencyKey?: string } | null)?.idempotencyKey === key)
    const first = Math.min(...calls.map((r) => Number(r.id)))
    const outcomes = (await a.service.audit.query({ action: 'outcome' }, undefined, 200)).items.filter((r) => (r.detail as { of?: number } | null)?.of === first)
    t.same(outcomes.map((r) => r.status).sort(), [200, 504])
    t.equal(await tickets(), ticketsBefore + 1, 'one ticket')
    t.equal(await creditLeft(), creditBefore - stake, 'one debit')
    t.equal(Number(replayed.json.data.CreditLeft), creditBefore - stake)

    const changed = await onB.post(endpoint, { ...bet, DayCode: '6' }, { headers })
    t.equal(changed.status, 422, 'the same key with another body is refused')
    t.equal(changed.json.code, 'UI_IDEMPOTENCY_KEY_REUSED')
    t.match(changed.json.message, key)
    t.equal(await tickets(), ticketsBefore + 1, 'and places nothing')
  })

  await t.test('a key whose first request never finished (its instance stopped) answers that the outcome is unknown, not 409 for a day', async (t) => {
    const key = randomUUID()
    const headers = { 'idempotency-key': key }
    relay.state.answerDelayMs = 3 * PROXY_TIMEOUT_MS
    t.equal((await onA.post(endpoint, bet, { headers })).status, 504)
    // As if instance A had stopped with the write on its way: the claim still running, and older than any held write waits.
    await storeA.query('UPDATE idempotency_keys SET created_at = now() - interval \'1 hour\' WHERE key = $1 AND state = \'running\'', [key])
    const retry = await onB.post(endpoint, bet, { headers })
    t.equal(retry.status, 504, retry.text)
    t.equal(retry.json.code, 'UI_IDEMPOTENCY_OUTCOME_UNKNOWN', 'the retry hears the outcome is unknown, and to look before acting again')
    relay.state.answerDelayMs = 0
    // The held write still ends (A did not really stop): its answer replaces the unknown one before the next test.
    await eventually(async () => (await onA.post(endpoint, bet, { headers })).status === 200, { within: 10 * PROXY_TIMEOUT_MS, every: 200, what: 'the held write\'s answer' })
  })

  await t.test('keys are per user action: a new key is a new bet, a bad key a 400 before anything is sent', async (t) => {
    const ticketsBefore = await tickets()
    const sentBefore = betsSent()
    const first = await onA.post(endpoint, bet, { headers: { 'idempotency-key': randomUUID() } })
    const second = await onB.post(endpoint, bet, { headers: { 'idempotency-key': randomUUID() } })
    t.equal(first.status, 200, first.text)
    t.equal(second.status, 200, second.text)
    t.not(first.json.data.TicketNo, second.json.data.TicketNo)
    for (const bad of ['', 'a key', 'x'.repeat(256)]) {
      const refused = await onA.post(endpoint, bet, { headers: { 'idempotency-key': bad } })
      t.equal(refused.status, 400, JSON.stringify(bad))
      t.equal(refused.json.code, 'UI_IDEMPOTENCY_KEY_INVALID')
    }
    t.equal(await tickets(), ticketsBefore + 2)
    t.equal(betsSent(), sentBefore + 2)
  })

  await t.test('another user\'s write with the same key is its own', async (t) => {
    const ag1 = new Browser(a.serviceUrl)
    t.equal((await ag1.login('ag1')).status, 200)
    const forMember = (await ag1.get('/ui/pages?path=/bet/placeBets/add')).json.widgets.find((w: { id: string }) => w.id === 'placeBetFor')
    const ticketsBefore = await tickets()
    const key = randomUUID()
    const mine = await onA.post(endpoint, bet, { headers: { 'idempotency-key': key } })
    const theirs = await ag1.post(forMember.submit.endpoint, { UserId: 'mem1', ...bet }, { headers: { 'idempotency-key': key } })
    t.equal(mine.status, 200, mine.text)
    t.equal(theirs.status, 200, theirs.text)
    t.equal(theirs.headers.get('idempotent-replayed'), null)
    t.equal(await tickets(), ticketsBefore + 2)
  })
})
