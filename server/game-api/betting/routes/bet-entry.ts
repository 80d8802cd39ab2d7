// What the Place Bets and Fixed Bets pages read before a bet: a user's betting rights, the game's entry settings, and one user's fixed setting.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { FixedSettingSchema } from '../schemas.ts'
import { DrawSchema } from '../../draws/schemas.ts'
import { assertSelfOrDownline } from '../../lib/downline-access.ts'
import { betPermissions, betSettings } from '../store/bet-entry.ts'
import { fixedSettings } from '../store/fixed-settings.ts'

const UserQuery = Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField })
const Strings = Type.Array(Type.String())

const betEntryRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  /** The user a call names (the caller or a downline), else the caller: rights and settings are a person's own, never the company's. */
  const userOf = async (request: Parameters<typeof caller>[0], named: string | undefined) => {
    const user = caller(request)
    const userId = named || user.userId
    await assertSelfOrDownline(app.db, user, userId)
    return userId
  }

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
  }, async (request) => {
    const userId = await userOf(request, request.query.UserId)
    const perm = await betPermissions(app.db, userId, game)
    if (!perm) throw errors.userNotFound(userId)
    return ok(perm)
  })

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
  }, async () => ok(await betSettings(app.db, game, app.gaNow())))

  app.get('/fixed/settings', {
    schema: { querystring: UserQuery, response: envelope(FixedSettingSchema) }
  }, async (request) => {
    const userId = await userOf(request, request.query.UserId)
    const [setting] = await fixedSettings(app.db, game, userId)
    if (!setting) throw errors.userNotFound(userId)
    return ok(setting)
  })
}

export default betEntryRoutes
