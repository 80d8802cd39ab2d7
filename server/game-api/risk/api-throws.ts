// The risk module's throw use cases (Throw Number), (db, caller, input) → result, each write in its own transaction with its audit record.
// Beside api.ts rather than in it: a throw takes betting's intake lock (betting/api.ts), and betting's placement imports risk/api.ts (its
// limits), so here they close no import cycle. Move them into api.ts once placement reads the limits from a surface of their own.
import type { Db } from '../../shared/db.ts'
import { zoneIso } from '../../../schemas/domain/calendar.ts'
import { inWholeCents } from '../../../schemas/domain/cents.ts'
import { roundMoney, type Game } from '../../../schemas/game/index.ts'
import { intakeKey, lockIntake } from '../betting/api.ts'
import { isoDateOf, type DrawRow } from '../draws/api.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { subjectOf } from '../lib/downline-access.ts'
import { announceDrawChange } from '../lib/draw-changes.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { outsetErrors } from './errors.ts'
import { normaliseNumber } from './rules/numbers.ts'
import { assertOutSet } from './store/out-set.ts'
import { usableDistributor } from './store/distributors.ts'
import { drawOf } from './store/draw-of.ts'
import { deleteThrows, insertThrow, lockThrows, throwById, throwsOf, thrownOf, type ThrowRow } from './store/throws.ts'

/** A throw as Throw Number lists it. */
export interface ThrowAnswer {
  ThrowId: number
  DrawId: number
  DrawDate: string
  Game: string
  Number: string
  Big: number
  Small: number
  Units: number
  DistributorId: number
  Distributor: string
  Payout: number | null
  CreatedDate: string
}

/** A throw asked for: the game (the prefix's when absent), the draw (the next to close when absent), the number, distributor and amounts. */
export interface ThrowRequest {
  Game?: Game | undefined
  DrawId?: number | undefined
  Number: string
  DistributorId: number
  Big?: number | undefined
  Small?: number | undefined
  Units?: number | undefined
}

/** The throws of the caller's account (a staff admin's: the company's) in the game's draw (the next to close by default); OutSet needed. */
export async function throwsOfDraw (db: Db, caller: Caller, input: { game: Game, drawId?: number | undefined }): Promise<ThrowAnswer[]> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  const draw = await drawOf(db, input.game, input.drawId, caller.now)
  if (!draw) return []
  return (await throwsOf(db, account, Number(draw.draw_id))).map(toThrow)
}

/**
 * Throws part of the account's own intake of a number out to a distributor, at most what it keeps after earlier throws (any amount in cents,
 * server/docs/game-rules.md); audited; watchers of the draw are told after the commit.
 */
export async function throwNumber (db: Db, caller: Caller, input: { game: Game, body: ThrowRequest }): Promise<ThrowAnswer> {
  const user = caller.user
  await assertOutSet(db, user)
  const account = await subjectOf(db, user)
  const { body } = input
  const game: Game = body.Game ?? input.game
  const number = normaliseNumber(game, body.Number)
  const big = game === '4D' ? body.Big ?? 0 : 0
  const small = game === '4D' ? body.Small ?? 0 : 0
  const units = game === 'TOTO' ? body.Units ?? 0 : 0
  for (const [field, value] of [['Big', big], ['Small', small], ['Units', units]] as const) if (!inWholeCents(value)) throw errors.fieldNotCents(`body/${field}`, value)
  if (big + small + units <= 0) throw outsetErrors.throwNothing()
  const row = await db.transaction(async (tx) => {
    const draw = await drawOf(tx, game, body.DrawId, caller.now)
    if (!draw) throw outsetErrors.throwNothing()
    if (settled(draw)) throw outsetErrors.drawSettled(Number(draw.draw_id))
    await usableDistributor(tx, account, body.DistributorId)
    // The intake row stays locked until commit: a throw and a placement on the number cannot interleave, nor two throws.
    const key = { drawId: Number(draw.draw_id), userId: account, number }
    const kept = (await lockIntake(tx, [key])).get(intakeKey(key)) ?? { big: 0, small: 0, units: 0 }
    const done = await thrownOf(tx, key)
    const left = {
      big: roundMoney(Math.floor((kept.big - done.big) * 100 + 1e-6) / 100),
      small: roundMoney(Math.floor((kept.small - done.small) * 100 + 1e-6) / 100),
      units: roundMoney(Math.floor((kept.units - done.units) * 100 + 1e-6) / 100)
    }
    for (const [field, asked] of [['big', big], ['small', small], ['units', units]] as const) {
      if (asked > left[field]) throw outsetErrors.throwTooMuch(`${left[field].toFixed(2)} ${field === 'units' ? 'units' : field === 'big' ? 'Big' : 'Small'}`, number, asked.toFixed(2), left[field].toFixed(2))
    }
    const throwId = await insertThrow(tx, { ...key, distributorId: body.DistributorId, game, big, small, units }, user.userId, caller.now)
    await auditCall(tx, caller, 'throw.create', { Account: account, game, DrawId: key.drawId, Number: number, Big: big, Small: small, Units: units, DistributorId: body.DistributorId })
    return (await throwById(tx, throwId))!
  })
  announceDrawChange(db, { kind: 'thrown', game, drawIds: [Number(row.draw_id)] })
  return toThrow(row)
}

/** Deletes throws of the caller's account, all or none, while their draws await a result; audited; watchers of the draws are told after the commit. */
export async function removeThrows (db: Db, caller: Caller, input: { throwIds: number[] }): Promise<{ Deleted: number }> {
  const user = caller.user
  await assertOutSet(db, user)
  const account = await subjectOf(db, user)
  const ids = [...new Set(input.throwIds)]
  if (ids.length === 0) throw outsetErrors.noThrowIds()
  const deleted = await db.transaction(async (tx) => {
    const rows = await lockThrows(tx, account, ids)
    const found = new Set(rows.map((r) => Number(r.throw_id)))
    const missing = ids.find((id) => !found.has(id))
    if (missing !== undefined) throw outsetErrors.throwNotFound(String(missing))
    const closed = rows.find((r) => r.is_finalised || (r.result !== null && r.result !== undefined))
    if (closed) throw outsetErrors.drawSettled(Number(closed.draw_id))
    await deleteThrows(tx, ids)
    await auditCall(tx, caller, 'throw.delete', { Account: account, ThrowIds: ids })
    return rows
  })
  for (const game of ['4D', 'TOTO'] as const) {
    const drawIds = [...new Set(deleted.filter((r) => r.game === game).map((r) => Number(r.draw_id)))]
    if (drawIds.length > 0) announceDrawChange(db, { kind: 'thrown', game, drawIds })
  }
  return { Deleted: deleted.length }
}

const settled = (d: DrawRow) => d.is_finalised || (d.result !== null && d.result !== undefined)

const toThrow = (r: ThrowRow): ThrowAnswer => ({
  ThrowId: Number(r.throw_id),
  DrawId: Number(r.draw_id),
  DrawDate: isoDateOf(r.draw_date),
  Game: r.game,
  Number: r.number,
  Big: Number(r.big),
  Small: Number(r.small),
  Units: Number(r.units),
  DistributorId: Number(r.distributor_id),
  Distributor: r.name,
  Payout: r.payout === null ? null : Number(r.payout),
  CreatedDate: zoneIso(new Date(r.created_at))
})
