// Throw Number (GET bet/throw and bet/throwT, POST bet/throw and its root form POST throw, DELETE bet/throws): a level throws part of its own intake of a number out to a distributor by hand.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { removeThrows, throwNumber, throwsOfDraw } from '../api-throws.ts'

const Throw = Type.Object({
  ThrowId: Type.Integer(),
  DrawId: Type.Integer(),
  DrawDate: Type.String(),
  Game: Type.String(),
  Number: Type.String(),
  Big: Type.Number(),
  Small: Type.Number(),
  Units: Type.Number(),
  DistributorId: Type.Integer(),
  Distributor: Type.String(),
  Payout: Type.Union([Type.Number(), Type.Null()], { description: 'what the distributor owes back on the throw, settled at finalise; null before' }),
  CreatedDate: Type.String()
})
const Amount = Type.Optional(Type.Number({ minimum: 0, maximum: 999999999, description: '0 or more with at most 2 decimals' }))
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })

/** The throw endpoints; GET bet/throw lists 4D throws and bet/throwT TOTO ones, whatever the prefix (Throw Number sits at a 4D location). */
const throwRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game: prefixGame }) => {
  const ListQuery = Type.Object({ DrawId: Type.Optional(Id), LocId: LocIdField })
  // A staff admin throws from the company's intake and sees the company's throws (subjectOf).
  app.get('/bet/throw', { schema: { querystring: ListQuery, response: envelope(Type.Array(Throw)) } }, async (request) => ok(await throwsOfDraw(app.db, callerOf(request), { game: '4D', drawId: request.query.DrawId })))
  app.get('/bet/throwT', { schema: { querystring: ListQuery, response: envelope(Type.Array(Throw)) } }, async (request) => ok(await throwsOfDraw(app.db, callerOf(request), { game: 'TOTO', drawId: request.query.DrawId })))

  // POST throw is the legacy root form of bet/throw: the same call at both paths.
  for (const url of ['/bet/throw', '/throw'] as const) {
    app.post(url, {
      schema: {
        body: Type.Object({
          Game: Type.Optional(Type.Union([Type.Literal('4D'), Type.Literal('TOTO')], { description: 'default: the game of the prefix' })),
          DrawId: Type.Optional(Id),
          Number: Type.String({ minLength: 1, maxLength: 60 }),
          DistributorId: Id,
          Big: Amount,
          Small: Amount,
          Units: Amount,
          LocId: LocIdField
        }),
        response: envelope(Throw)
      }
    }, async (request) => ok(await throwNumber(app.db, callerOf(request), { game: prefixGame, body: request.body })))
  }

  app.delete('/bet/throws', {
    schema: {
      // The seed sends ThrowIds in the body; a table's row action sends one in the query.
      body: Type.Object({ ThrowIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true })), LocId: LocIdField }),
      querystring: Type.Object({ ThrowIds: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}(,[1-9][0-9]{0,8}){0,499}$', description: 'throw ids, comma-separated' })), LocId: LocIdField }),
      response: envelope(Type.Object({ Deleted: Type.Integer() }))
    },
    // A DELETE without a payload (the row action's query form) validates as an empty body.
    preValidation: async (request) => { request.body ??= {} }
  }, async (request) => ok(await removeThrows(app.db, callerOf(request), { throwIds: request.body.ThrowIds ?? request.query.ThrowIds?.split(',').map(Number) ?? [] })))
}

export default throwRoutes
