import { Type, type Static } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Queryable } from '../../../shared/db.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { DEFAULT_4D_PAY_RATES, IBET_CLASSES, TOTO_GROUPS, type FourDPayRates, type FourDPayTable, type IBetClass } from '../../betting/rules/index.ts'
import { fourDRatesOf, hasOwnRates, lockFourDRates, removeOwnRates, totoRatesOf, writeFourDRates } from '../store/pay-rates.ts'
import { settingsErrors } from '../errors.ts'
import { assertSelfOrDownline } from '../../lib/downline-access.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'
import { TOTO_PARITY_BETS, TOTO_PICK_BETS, type TotoPickBet } from '../../../../schemas/domain/toto-bets.ts'

// 4D pay rates as rows (one per table N/K and form Big/Small, and for I one per permutation class 24/12/6/4 and form) over the pay_rates table that settlement reads:
// the operator's table ('*', what everyone without their own is paid by) or one user's own; ADMIN edits them.

const Table = Type.Union([Type.Literal('N'), Type.Literal('I'), Type.Literal('K')])
const Form = Type.Union([Type.Literal('Big'), Type.Literal('Small')])
const Rate = Type.Number({ minimum: 0, maximum: 10_000_000, description: 'dollars paid per $1, in cents at most' })
const UserIdField = Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'whose table: a user (the caller or a downline); absent: the operator\'s table' }))

/** One row: what $1 of one form pays per tier in one table (Small pays only the top three tiers: Starter and Consolation null). */
const ClassField = Type.Union([Type.Literal('24'), Type.Literal('12'), Type.Literal('6'), Type.Literal('4')], { description: 'the iBet permutation class (Table I only)' })
const PayRateRow = Type.Object({
  Key: Type.String(),
  Table,
  Class: Type.Union([ClassField, Type.Null()]),
  Form,
  First: Type.Number(),
  Second: Type.Number(),
  Third: Type.Number(),
  Starter: Type.Union([Type.Number(), Type.Null()]),
  Consolation: Type.Union([Type.Number(), Type.Null()])
})
type PayRateRow = Static<typeof PayRateRow>

// Null first: Fastify's Ajv coerces types, and would turn a null into 0 if the number came first.
const NoRate = Type.Optional(Type.Union([Type.Null(), Rate]))
const RowRef = { LocId: LocIdField, UserId: UserIdField, Table, Class: Type.Optional(Type.Union([Type.Null(), ClassField, Type.Literal('')])), Form }
const PayRateBody = Type.Object({ ...RowRef, First: Rate, Second: Rate, Third: Rate, Starter: NoRate, Consolation: NoRate })

/** The tables as rows are keyed: N, the four iBet classes, K. */
const TABLES: Array<{ table: 'N' | 'I' | 'K', cls: IBetClass | null }> = [{ table: 'N', cls: null }, ...IBET_CLASSES.map((cls) => ({ table: 'I' as const, cls })), { table: 'K', cls: null }]

/** The one table a row is about (an iBet row names its class). */
function tableOf (rates: FourDPayRates, table: 'N' | 'I' | 'K', cls: IBetClass | null): FourDPayTable {
  return table === 'I' ? rates.I[cls ?? '24'] : rates[table]
}

/** The rows of one set of tables. */
function toRows (rates: FourDPayRates): PayRateRow[] {
  return TABLES.flatMap(({ table, cls }) => {
    const { big, small } = tableOf(rates, table, cls)
    const key = `${table}${cls ?? ''}`
    return [
      { Key: `${key}-Big`, Table: table, Class: cls, Form: 'Big' as const, First: big.first, Second: big.second, Third: big.third, Starter: big.starter, Consolation: big.consolation },
      { Key: `${key}-Small`, Table: table, Class: cls, Form: 'Small' as const, First: small.first, Second: small.second, Third: small.third, Starter: null, Consolation: null }
    ]
  })
}

/** The class a request names: required for Table I, refused for the others. */
function classOf (table: 'N' | 'I' | 'K', cls: string | null | undefined): IBetClass | null {
  if (table !== 'I') {
    if (cls) throw errors.payClassNotIBet()
    return null
  }
  if (!cls) throw errors.payClassRequired()
  return cls as IBetClass
}

/** One TOTO rate: what one unit pays for a prize group (G1…G7), a pick-n type (2*, …, *4) or an odd/even/tie bet (TO, TE, TT). */
const TotoRateRow = Type.Object({ Key: Type.String(), Bet: Type.String({ description: 'G1 to G7 (prize groups of ordinary, system and roll bets), 2* 3* 4* *2 *3 *4, TO TE TT' }), Pays: Type.Number({ description: 'dollars per unit' }) })

/** The TOTO rates a user is paid by (their own, else the operator's, else the built-in defaults), as rows. */
async function totoRowsOf (q: Queryable, owner: string): Promise<Array<Static<typeof TotoRateRow>>> {
  const rates = await totoRatesOf(q, owner)
  return [
    ...TOTO_GROUPS.map((g) => ({ Key: `G${g}`, Bet: `G${g}`, Pays: rates.groups[g] })),
    // In a fixed order: jsonb keeps object keys in its own order.
    ...(Object.keys(TOTO_PICK_BETS) as TotoPickBet[]).map((bet) => ({ Key: bet, Bet: bet, Pays: rates.pick[bet] })),
    ...TOTO_PARITY_BETS.map((bet) => ({ Key: bet, Bet: bet, Pays: rates.parity[bet] }))
  ]
}

/** What a row resets to: for a user, the operator's table; for the operator's table, the Singapore Pools figures (server/docs/game-rules.md). */
const defaultOf = (q: Queryable, owner: string) => owner === '*' ? Promise.resolve(DEFAULT_4D_PAY_RATES) : fourDRatesOf(q, '*')

/** GET payRates (and payRatesN/I/K, one table each), PUT payRate, PUT payRateDefault, POST payRate and DELETE payRate/:id (a user's own table) (seed 001 §7 pay rates), at the 4D prefix. */
const payRateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The table a call is about: a user's (the caller's, a downline's, anyone's for ADMIN) or the operator's.
  const ownerOf = async (request: Parameters<typeof caller>[0], userId: string | undefined) => {
    if (userId === undefined) return '*'
    await assertSelfOrDownline(app.db, caller(request), userId)
    return userId
  }
  // Changes one row of an owner's tables in one transaction, starting from what they are paid by now.
  const update = (owner: string, change: (rates: FourDPayRates, q: Queryable) => Promise<FourDPayRates>) => app.db.transaction(async (tx) => {
    await lockFourDRates(tx, owner)
    const next = await change(structuredClone(await fourDRatesOf(tx, owner)), tx)
    await writeFourDRates(tx, owner, next, app.gaNow())
    return toRows(next)
  })
  const adminOnly = (request: Parameters<typeof caller>[0]) => { if (caller(request).role !== 'ADMIN') throw errors.adminOnly() }

  app.get('/payRates', {
    schema: { querystring: Type.Object({ LocId: LocIdField, UserId: UserIdField }), response: envelope(Type.Array(PayRateRow)) }
  }, async (request) => ok(toRows(await fourDRatesOf(app.db, await ownerOf(request, request.query.UserId)))))

  // One table's rows (N straight and roll, I the four iBet classes, K kBet): the payRates read with its Table fixed.
  for (const table of ['N', 'I', 'K'] as const) {
    app.get(`/payRates${table}`, {
      schema: { querystring: Type.Object({ LocId: LocIdField, UserId: UserIdField }), response: envelope(Type.Array(PayRateRow)) }
    }, async (request) => ok(toRows(await fourDRatesOf(app.db, await ownerOf(request, request.query.UserId))).filter((r) => r.Table === table)))
  }

  // A user's own table: starts as a copy of the operator's, so nothing changes until a row of it is edited.
  app.post('/payRate', {
    schema: { body: Type.Object({ LocId: LocIdField, UserId: Type.String({ minLength: 1, maxLength: 50, description: 'the user to give a table of its own' }) }), response: envelope(Type.Array(PayRateRow)) }
  }, async (request) => {
    adminOnly(request)
    const owner = await ownerOf(request, request.body.UserId)
    return ok(await app.db.transaction(async (tx) => {
      if (await hasOwnRates(tx, owner, '4D')) throw settingsErrors.ownPayRatesExist(owner)
      const rates = await fourDRatesOf(tx, '*')
      await writeFourDRates(tx, owner, rates, app.gaNow())
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'payRate.create', detail: { UserId: owner } })
      return toRows(rates)
    }))
  })

  // Removing a user's own table: the user is paid by the operator's again (answered).
  app.delete('/payRate/:id', {
    schema: { params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 50, description: 'the user whose own table goes' }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(PayRateRow)) }
  }, async (request) => {
    adminOnly(request)
    const owner = await ownerOf(request, request.params.id)
    return ok(await app.db.transaction(async (tx) => {
      if (!(await removeOwnRates(tx, owner, '4D'))) throw settingsErrors.noOwnPayRates(owner)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'payRate.delete', detail: { UserId: owner } })
      return toRows(await fourDRatesOf(tx, owner))
    }))
  })

  // Pay Out shows TOTO rates beside the 4D ones, under the 4D location (as searchT and summary/drawDateT are the TOTO reads there).
  app.get('/payRatesT', {
    schema: { querystring: Type.Object({ LocId: LocIdField, UserId: UserIdField }), response: envelope(Type.Array(TotoRateRow)) }
  }, async (request) => ok(await totoRowsOf(app.db, await ownerOf(request, request.query.UserId))))

  app.put('/payRate', { schema: { body: PayRateBody, response: envelope(Type.Array(PayRateRow)) } }, async (request) => {
    adminOnly(request)
    const body = request.body
    const owner = await ownerOf(request, body.UserId)
    for (const name of ['First', 'Second', 'Third', 'Starter', 'Consolation'] as const) {
      const v = body[name]
      if (typeof v === 'number' && !inWholeCents(v)) throw errors.fieldNotCents(name, v)
    }
    if (body.Form === 'Small' && (body.Starter != null || body.Consolation != null)) {
      throw errors.paySmallTiers()
    }
    if (body.Form === 'Big' && (body.Starter == null || body.Consolation == null)) {
      throw errors.payBigTiers()
    }
    const cls = classOf(body.Table, body.Class)
    return ok(await update(owner, async (rates) => {
      const table = tableOf(rates, body.Table, cls)
      if (body.Form === 'Small') table.small = { first: body.First, second: body.Second, third: body.Third }
      else table.big = { first: body.First, second: body.Second, third: body.Third, starter: body.Starter!, consolation: body.Consolation! }
      return rates
    }))
  })

  app.put('/payRateDefault', { schema: { body: Type.Object(RowRef), response: envelope(Type.Array(PayRateRow)) } }, async (request) => {
    adminOnly(request)
    const { Table: table, Form: form, UserId } = request.body
    const cls = classOf(table, request.body.Class)
    const owner = await ownerOf(request, UserId)
    return ok(await update(owner, async (rates, tx) => {
      const base = tableOf(await defaultOf(tx, owner), table, cls)
      const target = tableOf(rates, table, cls)
      if (form === 'Small') target.small = { ...base.small }
      else target.big = { ...base.big }
      return rates
    }))
  })
}

export default payRateRoutes
