import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { transferOf } from '../api-tickets.ts'

const Body = Type.Object({
  FromUserId: Type.String({ minLength: 1, maxLength: 50, description: 'the account whose tickets move' }),
  ToUserId: Type.String({ minLength: 1, maxLength: 50, description: 'the account they move to' }),
  TicketIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: 500, description: 'the tickets to move' })),
  TicketNo: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'or: the one ticket of this number (what a ticket list row holds)' })),
  DrawId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'or: every live ticket of FromUserId on this draw' })),
  LocId: LocIdField
})
const Answer = Type.Object({
  FromUserId: Type.String(),
  ToUserId: Type.String(),
  Tickets: Type.Array(Type.Object({ FromTicketNo: Type.String(), TicketNo: Type.String(), Stake: Type.Number() }))
})

/** Moving live tickets to another account of the caller's downline: bet/transfer (the prefix's game) and bet/transfer4 (4D whatever the prefix). */
const transferRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game: prefixGame }) => {
  const route = (path: string, game: Game) => app.post(path, { schema: { body: Body, response: envelope(Answer) } }, async (request) => {
    const { FromUserId: fromUserId, ToUserId: toUserId, TicketIds: ticketIds, TicketNo: ticketNo, DrawId: drawId } = request.body
    const moved = await transferOf(app.db, callerOf(request), { game, fromUserId, toUserId, ticketIds, ticketNo, drawId })
    return ok({ FromUserId: fromUserId, ToUserId: toUserId, Tickets: moved.map((t) => ({ FromTicketNo: t.fromTicketNo, TicketNo: t.ticketNo, Stake: t.stake })) })
  })
  route('/bet/transfer', prefixGame)
  route('/bet/transfer4', '4D')
}

export default transferRoutes
