// What the Place Bets and Fixed Bets pages read before a bet: a user's betting rights, the game's entry settings, and one user's fixed setting.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { FixedSettingSchema } from '../schemas.ts'
import { DrawSchema } from '../../draws/schemas.ts'
import { betEntrySettings, betPermissionsOf, fixedSettingOf } from '../api-bet-entry.ts'

const UserQuery = Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField })
const Strings = Type.Array(Type.String())

const betEntryRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/bet/perm', {
    schema: {
      querystring: UserQuery,
      response: envelope(Type.Object({
        UserId: Type.String(),
        Game: Type.String(),
        MayPlaceBet: Type.Boolean({ description: 'EnablePlaceBet on, placing not disabled, not suspended' }),
        MayPlaceFixedBet: Type.Boolean(),
        MayUpload: Type.Boolean(),
        EnablePlaceBet: Type.Boolean(),
        EnableUpload: Type.Boolean(),
        DisablePlaceBetAndFixedBet: Type.Boolean(),
        Suspended: Type.Boolean(),
        Forms: Strings,
        MaxLineStake: Type.Number(),
        MaxLines: Type.Integer(),
        CreditLeft: Type.Number()
      }))
    }
  }, async (request) => ok(await betPermissionsOf(app.db, callerOf(request), { game, userId: request.query.UserId })))

  app.get('/bet/settings', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField }),
      response: envelope(Type.Object({
        Game: Type.String(),
        Forms: Strings,
        DayCodes: Type.Array(Type.Object({ Code: Type.String(), Days: Type.String() }), { description: 'the day codes a bet can use now: a code whose draw is closed (early, by hand) or not yet open is left out' }),
        MaxLines: Type.Integer(),
        MaxTextCharacters: Type.Integer(),
        LineStakeBound: Type.Number(),
        BigStep: Type.Number(),
        BigPattern: Type.String(),
        Draws: Type.Array(DrawSchema, { description: 'the draws that take bets now, by close time' })
      }))
    }
  }, async (request) => ok(await betEntrySettings(app.db, callerOf(request), { game })))

  app.get('/fixed/settings', {
    schema: { querystring: UserQuery, response: envelope(FixedSettingSchema) }
  }, async (request) => ok(await fixedSettingOf(app.db, callerOf(request), { game, userId: request.query.UserId })))
}

export default betEntryRoutes
