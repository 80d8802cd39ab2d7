// Out Setting (GET/POST outSetting6): the most a level keeps of a number per bet type; placement holds it per draw across all tickets.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { outSettingsOf, saveOutSetting } from '../api.ts'

const Limit = Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 999999999 })], { description: 'dollars (4D) or units (TOTO), 0 or more with at most 2 decimals; null for no limit' })
/** One limit row: Number '*' is the level's default for every number. */
const OutSettingRow = Type.Object({
  UserId: Type.String(),
  Number: Type.String(),
  Big: Type.Union([Type.Number(), Type.Null()]),
  Small: Type.Union([Type.Number(), Type.Null()]),
  Units: Type.Union([Type.Number(), Type.Null()])
})

/** GET outSetting6 (a level's limits), POST outSetting6 (set or clear one). */
const outSettingRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/outSetting6', {
    schema: { querystring: Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField }), response: envelope(Type.Array(OutSettingRow)) }
  }, async (request) => ok(await outSettingsOf(app.db, callerOf(request), { game, userId: request.query.UserId })))

  app.post('/outSetting6', {
    schema: {
      body: Type.Object({
        UserId: Type.Optional(Type.String({ maxLength: 50 })),
        Number: Type.Optional(Type.String({ maxLength: 60, description: 'one number (4D) or entry (TOTO); empty or * for the default of every number' })),
        Big: Type.Optional(Limit),
        Small: Type.Optional(Limit),
        Units: Type.Optional(Limit),
        LocId: LocIdField
      }),
      response: envelope(Type.Union([OutSettingRow, Type.Null()]))
    }
  }, async (request) => ok(await saveOutSetting(app.db, callerOf(request), { game, body: request.body })))
}

export default outSettingRoutes
