// The bet lists' variants: tickets by draw date, bet lines and detail rows of a user, its group or its downline, bets per day,
// the TOTO number search under the 4D location, and voiding the tickets of one upload at once.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { TicketSchema } from '../schemas.ts'
import { voidPageOf } from '../api-tickets.ts'
import { betDetailsOf, betLinesOf, betsByDayOf, searchBetsOf, ticketPageOf, type BetScope } from '../api-bet-lists.ts'

const UserIdField = Type.Optional(Type.String({ maxLength: 50 }))
const DrawIdField = Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 }))
const DateField = Type.String({ minLength: 1, maxLength: 10, description: 'YYYY-MM-DD' })
const Paging = { page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000, default: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 100 })) }
const Row = Type.Record(Type.String(), Type.Unknown())
const RowPageSchema = Type.Object({
  rows: Type.Array(Row),
  total: Type.Integer({ description: 'every row the filter finds' }),
  totals: Type.Record(Type.String(), Type.Number(), { description: 'sums over every row the filter finds, not only this page' }),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  nextPage: Type.String({ description: 'the next page number, empty after the last page' })
})

const DayFigures = Type.Object(Object.fromEntries(['Draws', 'Tickets', 'Bets', 'Big', 'Small', 'Units', 'Stake', 'Payout'].map((k) => [k, Type.Number()])))

const betListRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  // bet/page2 for a draw date: the same page of tickets (UserId: that user's, else the group's).
  app.get('/bet/page2ByDate', {
    schema: {
      querystring: Type.Object({ UserId: UserIdField, DrawDate: DateField, ...Paging, LocId: LocIdField }),
      response: envelope(Type.Object({ rows: Type.Array(TicketSchema), total: Type.Integer(), totals: Type.Object({ Stake: Type.Number(), Payout: Type.Number() }), page: Type.Integer(), pageSize: Type.Integer(), nextPage: Type.String() }))
    }
  }, async (request) => {
    const q = request.query
    return ok(await ticketPageOf(app.db, callerOf(request), { game, userId: q.UserId, drawDate: q.DrawDate, page: q.page, pageSize: q.pageSize }))
  })

  // The bet lines: viewFull of a user's group on a draw (or every draw); view2ByDate its own on a date, view2ByDateFull its group's.
  const lines = (path: string, scope: BetScope, byDate: boolean) => {
    app.get(path, {
      schema: {
        querystring: Type.Object({ UserId: UserIdField, ...(byDate ? { DrawDate: DateField } : { DrawId: DrawIdField }), ...Paging, LocId: LocIdField }),
        response: envelope(RowPageSchema)
      }
    }, async (request) => {
      const q = request.query as { UserId?: string, DrawId?: number, DrawDate?: string, page?: number, pageSize?: number }
      return ok(await betLinesOf(app.db, callerOf(request), { game, scope, userId: q.UserId, drawId: q.DrawId, drawDate: q.DrawDate, page: q.page, pageSize: q.pageSize }))
    })
  }
  lines('/bet/viewFull', 'group', false)
  lines('/bet/view2ByDate', 'own', true)
  lines('/bet/view2ByDateFull', 'group', true)

  // The detail rows (every level the caller may see) of a user's group's bets, or of its downline's only.
  const details = (path: string, scope: BetScope, UserId: typeof UserIdField | ReturnType<typeof Type.String>) => {
    app.get(path, {
      schema: { querystring: Type.Object({ UserId, DrawId: DrawIdField, DrawDate: Type.Optional(DateField), ...Paging, LocId: LocIdField }), response: envelope(RowPageSchema) }
    }, async (request) => {
      const q = request.query as { UserId?: string, DrawId?: number, DrawDate?: string, page?: number, pageSize?: number }
      return ok(await betDetailsOf(app.db, callerOf(request), { game, scope, userId: q.UserId, drawId: q.DrawId, drawDate: q.DrawDate, page: q.page, pageSize: q.pageSize }))
    })
  }
  details('/bet/detailsFull', 'group', UserIdField)
  details('/bet/detailDownlineFull', 'below', Type.String({ minLength: 1, maxLength: 50 }))

  app.get('/bet/betByDay', {
    schema: {
      querystring: Type.Object({ UserId: UserIdField, DateFrom: DateField, DateTo: DateField, LocId: LocIdField }),
      response: envelope(Type.Object({ rows: Type.Array(Type.Object({ DrawDate: Type.String(), ...DayFigures.properties })), totals: DayFigures }))
    }
  }, async (request) => {
    const q = request.query
    return ok(await betsByDayOf(app.db, callerOf(request), { game, userId: q.UserId, dateFrom: q.DateFrom, dateTo: q.DateTo }))
  })

  // bet/search for TOTO numbers, read under the 4D location as payRatesT is.
  app.get('/bet/searchT', {
    schema: {
      querystring: Type.Object({ Number: Type.String({ minLength: 1, maxLength: 20 }), DrawId: DrawIdField, UserId: UserIdField, LocId: LocIdField }),
      response: envelope(Type.Array(Row))
    }
  }, async (request) => {
    const q = request.query
    return ok(await searchBetsOf(app.db, callerOf(request), { game: 'TOTO', number: q.Number, drawId: q.DrawId, userId: q.UserId }))
  })

  app.delete('/bet/page', {
    schema: {
      querystring: Type.Object({ FileId: Type.Integer({ minimum: 1, maximum: 2147483647 }), LocId: LocIdField }),
      response: envelope(Type.Object({ FileId: Type.Integer(), Status: Type.Literal('void'), Voided: Type.Integer(), TicketNos: Type.Array(Type.String()), Refund: Type.Number() }))
    }
  }, async (request) => {
    const fileId = request.query.FileId
    const { ticketNos, refund } = await voidPageOf(app.db, callerOf(request), { game, fileId })
    return ok({ FileId: fileId, Status: 'void' as const, Voided: ticketNos.length, TicketNos: ticketNos, Refund: refund })
  })
}

export default betListRoutes
