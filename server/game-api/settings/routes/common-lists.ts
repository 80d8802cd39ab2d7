// Common look-ups: GET dLoc, reportDate, reportDate2, catType, catTypeDistinct (seed 001 §7 Common).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Location } from '../../../../schemas/game-api.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { betCategories, betCategoriesInUse, fourDLocationList, reportDatesOf } from '../api.ts'

const Query = Type.Object({ LocId: LocIdField })
const DateRow = Type.Object({ DrawId: Type.Integer(), DrawDate: Type.String(), Series: Type.String(), IsFinalised: Type.Boolean() })
const GroupQuery = Type.Object({ LocId: LocIdField, UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'whose group (default: the caller\'s account, the company for a staff admin)' })) })

const commonListRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/dLoc', { schema: { querystring: Query, response: envelope(Type.Array(Location)) } }, async (request) => ok(await fourDLocationList(app.db, callerOf(request))))

  // The draws a report can show (finalised), newest first.
  app.get('/reportDate', { schema: { querystring: Query, response: envelope(Type.Array(DateRow)) } },
    async (request) => ok(await reportDatesOf(app.db, callerOf(request), { game, having: 'finalised' })))

  // The draws on which the group has live bets, newest first (open draws too: the ticket and bet pages' dates).
  app.get('/reportDate2', { schema: { querystring: GroupQuery, response: envelope(Type.Array(DateRow)) } },
    async (request) => ok(await reportDatesOf(app.db, callerOf(request), { game, having: 'bets', userId: request.query.UserId })))

  // The bet categories of the prefix's game: 4D forms or TOTO bet types, in the order the bet forms list them.
  app.get('/catType', { schema: { querystring: Query, response: envelope(Type.Array(Type.Object({ CatType: Type.String() }))) } },
    async (request) => ok(await betCategories(app.db, callerOf(request), { game })))

  app.get('/catTypeDistinct', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, DrawId: Type.Integer({ minimum: 1, maximum: 2147483647 }), UserId: GroupQuery.properties.UserId }),
      response: envelope(Type.Array(Type.Object({ CatType: Type.String(), Lines: Type.Integer() })))
    }
  }, async (request) => ok(await betCategoriesInUse(app.db, callerOf(request), { game, drawId: request.query.DrawId, userId: request.query.UserId })))
}

export default commonListRoutes
