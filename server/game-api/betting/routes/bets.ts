import { Type, type Static, type TSchema } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LINE_STAKE_BOUND, type Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { IssueSchema, PlacedSchema, TicketSchema } from '../schemas.ts'
import { voidTicketOf } from '../api-tickets.ts'
import { checkBetText, placeBetText, placeLines, type WebLines } from '../api-bets.ts'
import { bettorsOf, searchBetsOf, ticketPageOf, ticketViewOf } from '../api-bet-lists.ts'

const UserIdField = Type.Optional(Type.String({ maxLength: 50 }))
// How many lines and draws a ticket takes is checked by placeOrder (rules/entry-limits.ts), with the same refusal on every entry path.
const DrawIds = Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 })))
const DayCode = Type.Optional(Type.String({ maxLength: 4 }))
const FourDLine = Type.Object({ Number: Type.String({ maxLength: 4 }), Form: Type.Optional(Type.String({ maxLength: 10 })), Big: Type.Optional(Type.Number({ maximum: LINE_STAKE_BOUND })), Small: Type.Optional(Type.Number({ maximum: LINE_STAKE_BOUND })) })
const TotoLine = Type.Object({ Type: Type.String({ maxLength: 10 }), Numbers: Type.Optional(Type.Array(Type.Integer(), { maxItems: 12 })), Units: Type.Integer() })
const TextBody = Type.Object({ Text: Type.String({ minLength: 1, maxLength: 5000 }), StrictNumber: Type.Optional(Type.Boolean()), AcceptDecimals: Type.Optional(Type.Boolean()), LocId: LocIdField })

/** Placing bets (lines, TOTO lines, bet text), checking a bet text, listing, viewing, searching and voiding tickets. */
const betRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  // bet (4D lines) and bet/t (TOTO lines): one placement for the web form, the line shape told apart.
  const linesRoute = <Line extends TSchema>(path: string, lineGame: WebLines['game'], Line: Line) => {
    app.post(path, {
      schema: {
        body: Type.Object({ UserId: UserIdField, DayCode, DrawIds, Lines: Type.Array(Line, { minItems: 1 }), LocId: LocIdField }),
        response: envelope(PlacedSchema)
      }
    }, async (request) => {
      const body = request.body as { UserId?: string, DayCode?: string, DrawIds?: number[], Lines: Array<Static<Line>>, LocId?: string }
      const lines = { game: lineGame, lines: body.Lines } as WebLines
      return ok(await placeLines(app.db, callerOf(request), { ...lines, userId: body.UserId, dayCode: body.DayCode, drawIds: body.DrawIds, locId: body.LocId }))
    })
  }
  linesRoute('/bet', '4D', FourDLine)
  linesRoute('/bet/t', 'TOTO', TotoLine)

  app.post('/bet/text', { schema: { body: TextBody, response: envelope(PlacedSchema) } }, async (request) => {
    const { Text: text, StrictNumber: strictNumber, AcceptDecimals: acceptDecimals, LocId: locId } = request.body
    return ok(await placeBetText(app.db, callerOf(request), { game, text, strictNumber, acceptDecimals, locId }))
  })

  app.post('/bet/check', {
    schema: {
      body: TextBody,
      response: envelope(Type.Object({ ok: Type.Boolean(), errors: Type.Array(IssueSchema), warnings: Type.Array(IssueSchema), ticket: Type.Union([Type.Null(), Type.Record(Type.String(), Type.Unknown())]) }))
    }
  }, async (request) => ok(await checkBetText(app.db, callerOf(request), { game, text: request.body.Text, strictNumber: request.body.StrictNumber, acceptDecimals: request.body.AcceptDecimals })))

  app.get('/bet/page2', {
    schema: {
      querystring: Type.Object({
        UserId: UserIdField,
        DrawId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
        DrawDate: Type.Optional(Type.String({ maxLength: 10 })),
        page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 100 })),
        LocId: LocIdField
      }),
      response: envelope(Type.Object({
        rows: Type.Array(TicketSchema),
        total: Type.Integer({ description: 'every ticket the filter finds' }),
        totals: Type.Object({ Stake: Type.Number(), Payout: Type.Number() }, { description: 'sums over every ticket the filter finds, not only this page' }),
        page: Type.Integer(),
        pageSize: Type.Integer(),
        nextPage: Type.String({ description: 'the next page number, empty after the last page' })
      }))
    }
  }, async (request) => {
    const q = request.query
    return ok(await ticketPageOf(app.db, callerOf(request), { game, userId: q.UserId, drawId: q.DrawId, drawDate: q.DrawDate, page: q.page, pageSize: q.pageSize }))
  })

  app.get('/bet/view', {
    schema: {
      querystring: Type.Object({ TicketNo: Type.String({ minLength: 1, maxLength: 20 }), LocId: LocIdField }),
      response: envelope(Type.Object({ Ticket: TicketSchema, Bets: Type.Array(Type.Record(Type.String(), Type.Unknown())), Levels: Type.Array(Type.Record(Type.String(), Type.Unknown())), Strikes: Type.Array(Type.Record(Type.String(), Type.Unknown())) }))
    }
  }, async (request) => ok(await ticketViewOf(app.db, callerOf(request), { ticketNo: request.query.TicketNo })))

  app.get('/bet/search', {
    schema: {
      querystring: Type.Object({ Number: Type.String({ minLength: 1, maxLength: 20 }), DrawId: Type.Optional(Type.Integer({ minimum: 1 })), UserId: UserIdField, LocId: LocIdField }),
      response: envelope(Type.Array(Type.Record(Type.String(), Type.Unknown())))
    }
  }, async (request) => {
    const q = request.query
    return ok(await searchBetsOf(app.db, callerOf(request), { game, number: q.Number, drawId: q.DrawId, userId: q.UserId }))
  })

  app.get('/bet/userIds', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), ParentId: Type.Union([Type.String(), Type.Null()]) }))) }
  }, async (request) => ok(await bettorsOf(app.db, callerOf(request))))

  app.delete('/bet', {
    schema: { querystring: Type.Object({ TicketNo: Type.String({ minLength: 1, maxLength: 20 }), LocId: LocIdField }), response: envelope(Type.Object({ TicketNo: Type.String(), Status: Type.String(), Refund: Type.Number() })) }
  }, async (request) => {
    const { refund } = await voidTicketOf(app.db, callerOf(request), { ticketNo: request.query.TicketNo })
    return ok({ TicketNo: request.query.TicketNo, Status: 'void', Refund: refund })
  })
}

export default betRoutes
