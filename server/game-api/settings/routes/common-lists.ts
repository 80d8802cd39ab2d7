// Common look-ups: GET dLoc, reportDate, reportDate2, catType, catTypeDistinct (seed 001 §7 Common).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Location } from '../../../../schemas/game-api.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { formsOf } from '../../../../schemas/game/index.ts'
import { existingDraw } from '../../draws/api.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { formsInUse, fourDLocations, reportDates } from '../store/common-lists.ts'

const Query = Type.Object({ LocId: LocIdField })
const DateRow = Type.Object({ DrawId: Type.Integer(), DrawDate: Type.String(), Series: Type.String(), IsFinalised: Type.Boolean() })
const GroupQuery = Type.Object({ LocId: LocIdField, UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'whose group (default: the caller\'s account, the company for a staff admin)' })) })

const commonListRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/dLoc', { schema: { querystring: Query, response: envelope(Type.Array(Location)) } }, async () => ok(await fourDLocations(app.db)))

  // The draws a report can show (finalised), newest first.
  app.get('/reportDate', { schema: { querystring: Query, response: envelope(Type.Array(DateRow)) } },
    async (request) => ok(await reportDates(app.db, game, 'finalised', await subjectOf(app.db, caller(request)))))

  // The draws on which the group has live bets, newest first (open draws too: the ticket and bet pages' dates).
  app.get('/reportDate2', { schema: { querystring: GroupQuery, response: envelope(Type.Array(DateRow)) } },
    async (request) => ok(await reportDates(app.db, game, 'bets', await subjectOf(app.db, caller(request), request.query.UserId))))

  // The bet categories of the prefix's game: 4D forms or TOTO bet types, in the order the bet forms list them.
  app.get('/catType', { schema: { querystring: Query, response: envelope(Type.Array(Type.Object({ CatType: Type.String() }))) } },
    async () => ok(formsOf(game).map((f) => ({ CatType: f }))))

  app.get('/catTypeDistinct', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, DrawId: Type.Integer({ minimum: 1, maximum: 2147483647 }), UserId: GroupQuery.properties.UserId }),
      response: envelope(Type.Array(Type.Object({ CatType: Type.String(), Lines: Type.Integer() })))
    }
  }, async (request) => {
    const root = await subjectOf(app.db, caller(request), request.query.UserId)
    await existingDraw(app.db, request.query.DrawId, { game })
    return ok(await formsInUse(app.db, request.query.DrawId, root))
  })
}

export default commonListRoutes
