// Distributors (Out Setting 3's side outlets): outlets outside the hierarchy that take numbers a level throws out; each level keeps its own list.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { createDistributor, editDistributor, removeDistributor } from '../api.ts'
import { distributorOf, distributorStatementOf, distributorsOf } from '../api-distributors.ts'

// Owner and Shared tell a partnered outlet (another level's, shared with the caller) from the caller's own.
const Distributor = Type.Object({
  DistributorId: Type.Integer(),
  Name: Type.String(),
  Phone: Type.String(),
  Remark: Type.String(),
  Web: Type.String({ description: 'the outlet\'s web address (\'\' when none); the owner sets it with PUT distributors/{id}/partners' }),
  Throws: Type.Integer(),
  CreatedDate: Type.String(),
  Owner: Type.String(),
  Shared: Type.Boolean(),
  Partners: Type.Array(Type.String(), { description: 'the users it is shared with (the owner sees them; a partner gets an empty list)' }),
  Rules: Type.String({ description: 'its rules in one line, for tables; GET distributors/rule/{id} answers them as records' })
})
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const fields = {
  Name: Type.String({ minLength: 1, maxLength: 50, description: 'the outlet\'s name, 1 to 50 characters' }),
  Phone: Type.Optional(Type.String({ maxLength: 30 })),
  Remark: Type.Optional(Type.String({ maxLength: 200 }))
}

const Money = Type.Number()
const Side = Type.Union([Type.Literal('thrower'), Type.Literal('distributor'), Type.Literal('even')], { description: 'who pays the net: the thrower (Net above 0), the distributor (below 0), or nobody' })
const StatementRow = Type.Object({
  DrawId: Type.Integer(),
  DrawDate: Type.String(),
  UserId: Type.String({ description: 'the level that threw (its own throws for a partner; every thrower for the owner)' }),
  Throws: Type.Integer(),
  Big: Money,
  Small: Money,
  Units: Money,
  Stake: Type.Number({ description: 'what was thrown: Big + Small (4D) or units (TOTO), as Report Out counts a throw' }),
  Payout: Type.Union([Money, Type.Null()], { description: 'what the distributor owes back on the thrown numbers that won (the throws\' settled Payout); null until settled' }),
  Net: Type.Union([Money, Type.Null()], { description: 'Stake − Payout: above 0 the thrower owes the distributor, below 0 the distributor owes the thrower; null until settled' }),
  Status: Type.Union([Type.Literal('settled'), Type.Literal('pending'), Type.Literal('unsettled')], { description: 'pending: the draw is not finalised; unsettled: finalised before throws were settled (migration 044)' }),
  Side: Type.Union([Side, Type.Null()])
})
const Statement = Type.Object({
  DistributorId: Type.Integer(),
  Name: Type.String(),
  Owner: Type.String(),
  Shared: Type.Boolean({ description: 'true: another level\'s outlet, the rows are the caller\'s own throws only' }),
  Deleted: Type.Boolean(),
  Game: Type.String(),
  rows: Type.Array(StatementRow),
  totals: Type.Object({
    Draws: Type.Integer(),
    Throws: Type.Integer(),
    Big: Money,
    Small: Money,
    Units: Money,
    Stake: Money,
    Payout: Money,
    Net: Money,
    Side,
    PendingDraws: Type.Integer({ description: 'draws listed but not counted: not finalised (or not settled) yet' }),
    PendingStake: Money
  }, { description: 'the settled rows only' })
})
const DateField = Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD' }))

/** GET distributors/total, distributors/byId/{id} (own and shared), distributors/statement; POST distributors; PUT distributors; DELETE distributors/{id} (own only). */
const distributorRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  // Each use case checks OutSet first, as the menu's OutSet rule does.
  app.get('/distributors/total', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(Distributor)) } }, async (request) => ok(await distributorsOf(app.db, callerOf(request))))

  app.get('/distributors/byId/:id', { schema: { params: Type.Object({ id: Id }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Distributor) } }, async (request) => ok(await distributorOf(app.db, callerOf(request), { distributorId: request.params.id })))

  // The distributor's statement: per draw and thrower what was thrown and what the settlement says each side owes (the rows read
  // GET-able with the id in the query, as a page's table binds it); the owner sees every thrower's throws, a partner only its own.
  app.get('/distributors/statement', {
    schema: {
      querystring: Type.Object({
        DistributorId: Id,
        Game: Type.Optional(Type.Union([Type.Literal('4D'), Type.Literal('TOTO')], { description: 'default: the game of the prefix' })),
        DrawId: Type.Optional(Id),
        DrawFrom: DateField,
        DrawTo: DateField,
        LocId: LocIdField
      }),
      response: envelope(Statement)
    }
  }, async (request) => ok(await distributorStatementOf(app.db, callerOf(request), { game, query: request.query })))

  app.post('/distributors', { schema: { body: Type.Object({ ...fields, LocId: LocIdField }), response: envelope(Distributor) } }, async (request) => ok(await createDistributor(app.db, callerOf(request), request.body)))

  app.put('/distributors', { schema: { body: Type.Object({ DistributorId: Id, ...fields, LocId: LocIdField }), response: envelope(Distributor) } }, async (request) => ok(await editDistributor(app.db, callerOf(request), request.body)))

  app.delete('/distributors/:id', { schema: { params: Type.Object({ id: Id }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Literal(true)) } }, async (request) => {
    await removeDistributor(app.db, callerOf(request), { distributorId: request.params.id })
    return ok(true as const)
  })
}

export default distributorRoutes
