import { Type, type Static, type TSchema } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LINE_STAKE_BOUND, type Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { queryDate } from '../../lib/query-date.ts'
import { caller, callerOf } from '../../plugins/auth.ts'
import { IssueSchema, PlacedSchema, TicketSchema } from '../schemas.ts'
import { bettingErrors } from '../errors.ts'
import { assertSelfOrDownline, subjectOf, withinReach } from '../../lib/downline-access.ts'
import { groupOf } from '../../lib/store/downlines.ts'
import { fourDLinesOf, totoLinesOf } from '../store/lines.ts'
import { placeOrder, type PlaceAnswer, type PlaceOrder } from '../store/service.ts'
import { parseText, ticketSummary, userIdOf } from '../store/text.ts'
import { ticketsPage, ticketView } from '../store/tickets.ts'
import { voidTicketOf } from '../api-tickets.ts'
import { searchBets } from '../store/search.ts'
import { preferencesOf } from '../../accounts/api.ts'
import { alertLines, type EnteredLine } from '../../accounts/rules/bet-entry-alert.ts'

const UserIdField = Type.Optional(Type.String({ maxLength: 50 }))
// How many lines and draws a ticket takes is checked by placeOrder (rules/entry-limits.ts), with the same refusal on every entry path.
const DrawIds = Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 })))
const DayCode = Type.Optional(Type.String({ maxLength: 4 }))
const FourDLine = Type.Object({ Number: Type.String({ maxLength: 4 }), Form: Type.Optional(Type.String({ maxLength: 10 })), Big: Type.Optional(Type.Number({ maximum: LINE_STAKE_BOUND })), Small: Type.Optional(Type.Number({ maximum: LINE_STAKE_BOUND })) })
const TotoLine = Type.Object({ Type: Type.String({ maxLength: 10 }), Numbers: Type.Optional(Type.Array(Type.Integer(), { maxItems: 12 })), Units: Type.Integer() })
const TextBody = Type.Object({ Text: Type.String({ minLength: 1, maxLength: 5000 }), StrictNumber: Type.Optional(Type.Boolean()), AcceptDecimals: Type.Optional(Type.Boolean()), LocId: LocIdField })

const placedAnswer = (p: PlaceAnswer, alerts: number[], warnings: Array<{ position: number, length: number, message: string }> = []) => ({
  TicketId: p.ticketId,
  TicketNo: p.ticketNo,
  UserId: p.userId,
  StakePerDraw: p.stakePerDraw,
  Stake: p.stake,
  Draws: p.drawRows,
  CreditLeft: p.creditLeft,
  Warnings: warnings,
  Alert: alerts.length > 0,
  AlertLines: alerts
})

/** Placing bets (lines, TOTO lines, bet text), checking a bet text, listing, viewing, searching and voiding tickets. */
const betRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  // The lines above the enterer's bet entry alert (PUT betEntryAlert).
  const alertsFor = async (userId: string, lines: readonly EnteredLine[]) => alertLines(lines, (await preferencesOf(app.db, userId)).BetEntryAlert)
  // bet (4D lines) and bet/t (TOTO lines): one placement for the web form, the line shape and its reader told apart.
  const placeLines = <Line extends TSchema>(path: string, Line: Line, order: (lines: Array<Static<Line>>) => Pick<PlaceOrder, 'game' | 'fourD' | 'toto'> & { entered: readonly EnteredLine[] }) => {
    app.post(path, {
      schema: {
        body: Type.Object({ UserId: UserIdField, DayCode, DrawIds, Lines: Type.Array(Line, { minItems: 1 }), LocId: LocIdField }),
        response: envelope(PlacedSchema)
      }
    }, async (request) => {
      const user = caller(request)
      const body = request.body as { UserId?: string, DayCode?: string, DrawIds?: number[], Lines: Array<Static<Line>>, LocId?: string }
      const { entered, ...lines } = order(body.Lines)
      // For the named bettor (the caller or a downline), else the caller's account: a staff admin bets on the company's, placed by itself.
      const placed = await placeOrder(app.db, {
        user, userId: await subjectOf(app.db, user, body.UserId), dayCode: body.DayCode, drawIds: body.DrawIds, source: 'web', locId: body.LocId, ...lines
      }, app.gaNow())
      return ok(placedAnswer(placed, await alertsFor(user.userId, entered)))
    })
  }
  placeLines('/bet', FourDLine, (body) => { const fourD = fourDLinesOf(body); return { game: '4D', fourD, entered: fourD } })
  placeLines('/bet/t', TotoLine, (body) => { const toto = totoLinesOf(body); return { game: 'TOTO', toto, entered: toto } })

  app.post('/bet/text', { schema: { body: TextBody, response: envelope(PlacedSchema) } }, async (request) => {
    const user = caller(request)
    const { Text: text } = request.body
    const parsed = await parseText(app.db, game, text, { strictNumber: request.body.StrictNumber, acceptDecimals: request.body.AcceptDecimals }, app.gaNow())
    if (!parsed.ok) throw bettingErrors.badBetText(parsed.errors)
    const { ticket } = parsed
    const userId = await userIdOf(app.db, ticket.userId)
    if (userId === undefined) throw user.role === 'ADMIN' ? errors.userNotFound(ticket.userId) : errors.notYourDownline(ticket.userId)
    const placed = await placeOrder(app.db, {
      user,
      userId,
      game,
      dayCode: ticket.dayCode,
      draws: ticket.draws,
      source: 'sms',
      text,
      locId: request.body.LocId,
      ...(ticket.game === '4D' ? { fourD: ticket.lines } : { toto: ticket.lines })
    }, app.gaNow())
    return ok(placedAnswer(placed, await alertsFor(user.userId, ticket.lines), parsed.warnings))
  })

  app.post('/bet/check', {
    schema: {
      body: TextBody,
      response: envelope(Type.Object({ ok: Type.Boolean(), errors: Type.Array(IssueSchema), warnings: Type.Array(IssueSchema), ticket: Type.Union([Type.Null(), Type.Record(Type.String(), Type.Unknown())]) }))
    }
  }, async (request) => {
    const parsed = await parseText(app.db, game, request.body.Text, { strictNumber: request.body.StrictNumber, acceptDecimals: request.body.AcceptDecimals }, app.gaNow())
    const strip = (i: { position: number, length: number, message: string }) => ({ position: i.position, length: i.length, message: i.message })
    return ok({ ok: parsed.ok, errors: parsed.ok ? [] : parsed.errors.map(strip), warnings: parsed.warnings.map(strip), ticket: ticketSummary(parsed) })
  })

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
    const user = caller(request)
    const q = request.query
    if (q.UserId) await assertSelfOrDownline(app.db, user, q.UserId)
    return ok(await ticketsPage(app.db, { game, root: await subjectOf(app.db, user), userId: q.UserId || null, drawId: q.DrawId ?? null, drawDate: q.DrawDate ? queryDate('DrawDate', q.DrawDate) : null, page: q.page ?? 1, pageSize: q.pageSize ?? 100, now: app.gaNow() }))
  })

  app.get('/bet/view', {
    schema: {
      querystring: Type.Object({ TicketNo: Type.String({ minLength: 1, maxLength: 20 }), LocId: LocIdField }),
      response: envelope(Type.Object({ Ticket: TicketSchema, Bets: Type.Array(Type.Record(Type.String(), Type.Unknown())), Levels: Type.Array(Type.Record(Type.String(), Type.Unknown())), Strikes: Type.Array(Type.Record(Type.String(), Type.Unknown())) }))
    }
  }, async (request) => {
    const view = await ticketView(app.db, request.query.TicketNo, app.gaNow())
    if (!view) throw bettingErrors.ticketNotFound(request.query.TicketNo)
    const user = caller(request)
    await assertSelfOrDownline(app.db, user, view.Ticket.UserId, 'ticket')
    // An upline's level row holds its share, commission and intake: its own terms, not the viewer's.
    const seen = await withinReach(app.db, user, [...new Set(view.Levels.map((l) => String(l.UserId)))])
    return ok({ ...view, Levels: view.Levels.filter((l) => seen.has(String(l.UserId))) })
  })

  app.get('/bet/search', {
    schema: {
      querystring: Type.Object({ Number: Type.String({ minLength: 1, maxLength: 20 }), DrawId: Type.Optional(Type.Integer({ minimum: 1 })), UserId: UserIdField, LocId: LocIdField }),
      response: envelope(Type.Array(Type.Record(Type.String(), Type.Unknown())))
    }
  }, async (request) => {
    const q = request.query
    return ok(await searchBets(app.db, { root: await subjectOf(app.db, caller(request), q.UserId), game, number: q.Number, drawId: q.DrawId ?? null }))
  })

  app.get('/bet/userIds', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), ParentId: Type.Union([Type.String(), Type.Null()]) }))) }
  }, async (request) => ok((await groupOf(app.db, await subjectOf(app.db, caller(request)))).map(({ Depth: _depth, ...m }) => m)))

  app.delete('/bet', {
    schema: { querystring: Type.Object({ TicketNo: Type.String({ minLength: 1, maxLength: 20 }), LocId: LocIdField }), response: envelope(Type.Object({ TicketNo: Type.String(), Status: Type.String(), Refund: Type.Number() })) }
  }, async (request) => {
    const { refund } = await voidTicketOf(app.db, callerOf(request), { ticketNo: request.query.TicketNo })
    return ok({ TicketNo: request.query.TicketNo, Status: 'void', Refund: refund })
  })
}

export default betRoutes
