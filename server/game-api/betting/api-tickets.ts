// Betting's use cases on placed tickets: void one, void an upload's page, move tickets to another account, combine upload pages.
// (db, caller, input) → result, each in one transaction with its audit record; the live exposure of the draws moves once committed.
import type { Db } from '../../shared/db.ts'
import type { Game } from './rules/index.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { announceDrawChange } from '../lib/draw-changes.ts'
import { assertSelfOrDownline, withinReach } from '../lib/downline-access.ts'
import { placementFlags } from '../lib/store/users.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { bettingErrors } from './errors.ts'
import { UPLOAD_JOB } from './jobs/upload.ts'
import { combinePages, lockPages, pageBettors } from './store/combine-pages.ts'
import { ticketView, voidTicket } from './store/tickets.ts'
import { transferTickets, type MovedTicket } from './store/transfer.ts'
import { pageTickets, voidPage } from './store/void-page.ts'

/** Voids a ticket of the caller's reach while its draws take bets, giving a charged one's stake back; audited; answers the refund. */
export async function voidTicketOf (db: Db, caller: Caller, input: { ticketNo: string }): Promise<{ refund: number }> {
  const { ticketNo } = input
  const view = await ticketView(db, ticketNo, caller.now)
  if (!view) throw bettingErrors.ticketNotFound(ticketNo)
  await assertSelfOrDownline(db, caller.user, view.Ticket.UserId, 'ticket')
  const refund = await db.transaction(async (tx) => {
    const amount = await voidTicket(tx, ticketNo, caller.now)
    await auditCall(tx, caller, 'ticket.void', { TicketNo: ticketNo, refund: amount })
    return amount
  })
  announceDrawChange(db, { kind: 'voided', game: view.Ticket.Game === 'TOTO' ? 'TOTO' : '4D', drawIds: view.Ticket.DrawIds, ticketNo: view.Ticket.TicketNo })
  return { refund }
}

/** Voids every live ticket of an upload's page (each of its bettors within the caller's reach); audited; answers the tickets and the refund. */
export async function voidPageOf (db: Db, caller: Caller, input: { game: Game, fileId: number }): Promise<{ ticketNos: string[], refund: number }> {
  const { game, fileId } = input
  const voided = await db.transaction(async (tx) => {
    const page = await pageTickets(tx, game, fileId)
    if (!page) throw bettingErrors.fileNotFound(fileId)
    await assertSelfOrDownline(tx, caller.user, page.owner, 'file')
    // An upload may place for users the text names: each of them must be within the caller's reach too.
    const seen = await withinReach(tx, caller.user, [...new Set(page.tickets.map((t) => t.userId))])
    if (page.tickets.some((t) => !seen.has(t.userId))) throw errors.recordOutsideDownline('ticket')
    const ticketNos = page.tickets.map((t) => t.ticketNo)
    const refund = await voidPage(tx, fileId, ticketNos, caller.now)
    await auditCall(tx, caller, 'ticket.voidPage', { FileId: fileId, TicketNos: ticketNos, refund })
    return { tickets: page.tickets, refund }
  })
  for (const t of voided.tickets) announceDrawChange(db, { kind: 'voided', game, drawIds: t.drawIds, ticketNo: t.ticketNo })
  return { ticketNos: voided.tickets.map((t) => t.ticketNo), refund: voided.refund }
}

/** What a move names: one of the tickets' ids, a ticket number or a draw (all of the account's live tickets in it). */
export interface TransferInput { game: Game, fromUserId: string, toUserId: string, ticketIds?: number[] | undefined, ticketNo?: string | undefined, drawId?: number | undefined }

/** Moves live tickets between two accounts of the caller's reach: each voided and placed again for the new owner under placement's gates; audited. */
export async function transferOf (db: Db, caller: Caller, input: TransferInput): Promise<MovedTicket[]> {
  const { game, fromUserId: from, toUserId: to, ticketIds, ticketNo, drawId } = input
  if ([ticketIds, ticketNo, drawId].filter((which) => which !== undefined).length !== 1) throw bettingErrors.transferWhich()
  if (from === to) throw bettingErrors.transferSameUser(to)
  await assertSelfOrDownline(db, caller.user, from)
  await assertSelfOrDownline(db, caller.user, to)
  // Moving re-places the tickets: the same gates as placing them for the new owner.
  const flags = await placementFlags(db, caller.user.userId, to)
  if (!flags.mayPlace) throw bettingErrors.betNotAllowed(caller.user.userId)
  if (flags.suspended) throw errors.userSuspended(to)
  const moved = await db.transaction(async (tx) => {
    const tickets = await transferTickets(tx, { game, fromUserId: from, toUserId: to, placedBy: caller.user.userId, ticketIds: ticketIds ?? null, ticketNo: ticketNo ?? null, drawId: drawId ?? null }, caller.now)
    await auditCall(tx, caller, 'ticket.transfer', { FromUserId: from, ToUserId: to, Tickets: tickets.map((t) => [t.fromTicketNo, t.ticketNo]) })
    return tickets
  })
  for (const t of moved) {
    announceDrawChange(db, { kind: 'voided', game, drawIds: t.drawIds, ticketNo: t.fromTicketNo })
    announceDrawChange(db, { kind: 'placed', game, drawIds: t.drawIds, ticketNo: t.ticketNo })
  }
  return moved
}

/** Folds processed upload pages of one account into the first (lowest id), their bettors within the caller's reach; audited. */
export async function combinePagesOf (db: Db, caller: Caller, input: { game: Game, fileIds: number[] }): Promise<{ fileId: number, folded: number[], moved: number }> {
  return db.transaction(async (tx) => {
    const pages = await lockPages(tx, input.game, input.fileIds)
    await assertSelfOrDownline(tx, caller.user, pages[0]?.user_id ?? '', 'file')
    // An upload may place for users its text names: each of them must be within the caller's reach too.
    const bettors = await pageBettors(tx, pages.map((p) => Number(p.file_id)))
    const seen = await withinReach(tx, caller.user, bettors)
    if (bettors.some((b) => !seen.has(b))) throw errors.recordOutsideDownline('ticket')
    const done = await combinePages(tx, pages, UPLOAD_JOB)
    await auditCall(tx, caller, 'file.combine', { FileId: done.fileId, Combined: done.folded, Tickets: done.moved })
    return done
  })
}
