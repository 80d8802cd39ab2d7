import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { announceDrawChange } from '../../lib/draw-changes.ts'
import { caller } from '../../plugins/auth.ts'
import { bettingErrors } from '../errors.ts'
import { assertSelfOrDownline, placementFlags } from '../../lib/downline-access.ts'
import { transferTickets } from '../store/transfer.ts'

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
    const user = caller(request)
    const { FromUserId: from, ToUserId: to, TicketIds: ticketIds, TicketNo: ticketNo, DrawId: drawId } = request.body
    if ([ticketIds, ticketNo, drawId].filter((which) => which !== undefined).length !== 1) throw bettingErrors.transferWhich()
    if (from === to) throw bettingErrors.transferSameUser(to)
    await assertSelfOrDownline(app.db, user, from)
    await assertSelfOrDownline(app.db, user, to)
    // Moving re-places the tickets: the same gates as placing them for the new owner.
    const flags = await placementFlags(app.db, user.userId, to)
    if (!flags.mayPlace) throw bettingErrors.betNotAllowed(user.userId)
    if (flags.suspended) throw errors.userSuspended(to)
    const now = app.gaNow()
    const moved = await app.db.transaction(async (tx) => {
      const tickets = await transferTickets(tx, { game, fromUserId: from, toUserId: to, placedBy: user.userId, ticketIds: ticketIds ?? null, ticketNo: ticketNo ?? null, drawId: drawId ?? null }, now)
      await app.gaAudit(tx, request, { userId: user.userId, action: 'ticket.transfer', detail: { FromUserId: from, ToUserId: to, Tickets: tickets.map((t) => [t.fromTicketNo, t.ticketNo]) } })
      return tickets
    })
    for (const t of moved) {
      announceDrawChange(app.db, { kind: 'voided', game, drawIds: t.drawIds, ticketNo: t.fromTicketNo })
      announceDrawChange(app.db, { kind: 'placed', game, drawIds: t.drawIds, ticketNo: t.ticketNo })
    }
    return ok({ FromUserId: from, ToUserId: to, Tickets: moved.map((t) => ({ FromTicketNo: t.fromTicketNo, TicketNo: t.ticketNo, Stake: t.stake })) })
  })
  route('/bet/transfer', prefixGame)
  route('/bet/transfer4', '4D')
}

export default transferRoutes
