import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { createOwnPayRates, payRatesOf, removeOwnPayRates, resetPayRate, setPayRate, totoPayRatesOf } from '../api.ts'

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

// Null first: Fastify's Ajv coerces types, and would turn a null into 0 if the number came first.
const NoRate = Type.Optional(Type.Union([Type.Null(), Rate]))
const RowRef = { LocId: LocIdField, UserId: UserIdField, Table, Class: Type.Optional(Type.Union([Type.Null(), ClassField, Type.Literal('')])), Form }
const PayRateBody = Type.Object({ ...RowRef, First: Rate, Second: Rate, Third: Rate, Starter: NoRate, Consolation: NoRate })

/** One TOTO rate: what one unit pays for a prize group (G1…G7), a pick-n type (2*, …, *4) or an odd/even/tie bet (TO, TE, TT). */
const TotoRateRow = Type.Object({ Key: Type.String(), Bet: Type.String({ description: 'G1 to G7 (prize groups of ordinary, system and roll bets), 2* 3* 4* *2 *3 *4, TO TE TT' }), Pays: Type.Number({ description: 'dollars per unit' }) })

/** GET payRates (and payRatesN/I/K, one table each), PUT payRate, PUT payRateDefault, POST payRate and DELETE payRate/:id (a user's own table) (seed 001 §7 pay rates), at the 4D prefix. */
const payRateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/payRates', {
    schema: { querystring: Type.Object({ LocId: LocIdField, UserId: UserIdField }), response: envelope(Type.Array(PayRateRow)) }
  }, async (request) => ok(await payRatesOf(app.db, callerOf(request), { userId: request.query.UserId })))

  // One table's rows (N straight and roll, I the four iBet classes, K kBet): the payRates read with its Table fixed.
  for (const table of ['N', 'I', 'K'] as const) {
    app.get(`/payRates${table}`, {
      schema: { querystring: Type.Object({ LocId: LocIdField, UserId: UserIdField }), response: envelope(Type.Array(PayRateRow)) }
    }, async (request) => ok(await payRatesOf(app.db, callerOf(request), { userId: request.query.UserId, table })))
  }

  // A user's own table: starts as a copy of the operator's, so nothing changes until a row of it is edited.
  app.post('/payRate', {
    schema: { body: Type.Object({ LocId: LocIdField, UserId: Type.String({ minLength: 1, maxLength: 50, description: 'the user to give a table of its own' }) }), response: envelope(Type.Array(PayRateRow)) }
  }, async (request) => ok(await createOwnPayRates(app.db, callerOf(request), { userId: request.body.UserId })))

  // Removing a user's own table: the user is paid by the operator's again (answered).
  app.delete('/payRate/:id', {
    schema: { params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 50, description: 'the user whose own table goes' }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(PayRateRow)) }
  }, async (request) => ok(await removeOwnPayRates(app.db, callerOf(request), { userId: request.params.id })))

  // Pay Out shows TOTO rates beside the 4D ones, under the 4D location (as searchT and summary/drawDateT are the TOTO reads there).
  app.get('/payRatesT', {
    schema: { querystring: Type.Object({ LocId: LocIdField, UserId: UserIdField }), response: envelope(Type.Array(TotoRateRow)) }
  }, async (request) => ok(await totoPayRatesOf(app.db, callerOf(request), { userId: request.query.UserId })))

  app.put('/payRate', { schema: { body: PayRateBody, response: envelope(Type.Array(PayRateRow)) } }, async (request) => ok(await setPayRate(app.db, callerOf(request), request.body)))

  app.put('/payRateDefault', { schema: { body: Type.Object(RowRef), response: envelope(Type.Array(PayRateRow)) } }, async (request) => ok(await resetPayRate(app.db, callerOf(request), request.body)))
}

export default payRateRoutes
