// The risk module's public surface: what other domains may use of it (the limits placement enforces, the distributors an upload may name),
// and its use cases, (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
import type { Db } from '../../shared/db.ts'
import { totoNumberCounts, isTotoNumber } from '../../../schemas/domain/toto-lines.ts'
import { roundMoney, type Game } from '../betting/rules/index.ts'
import { bettingErrors } from '../betting/errors.ts'
import type { Caller } from '../lib/caller.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { existingDraw } from '../draws/api.ts'
import { limitNumberOf, takenUnits } from './store/limits.ts'
import { deleteLimits, insertLimit, limitByKey, listLimits, lockLimit, nextOpenDrawId, writeLimitMax } from './store/limit-settings.ts'

export { enforceLimits, limitNumberOf } from './store/limits.ts'
export { usableDistributor } from './store/distributors.ts'

/** A limit as Limit Setting lists it, with what the reported draw has taken of it. */
export interface LimitAnswer { LimitId: number, Number: string, BetType: string, MaxUnits: number, DrawId: number | null, Taken: number, Left: number, UpdatedBy: string }

/** Limit Setting's list: every limit of the game with what the draw asked for (else the next still open for betting, else none) has taken. */
export async function limitsOf (db: Db, caller: Caller, input: { game: Game, drawId?: number | undefined }): Promise<LimitAnswer[]> {
  const { game } = input
  const drawId = input.drawId !== undefined ? Number((await existingDraw(db, input.drawId, { game })).draw_id) : await nextOpenDrawId(db, game, caller.now)
  const rows = await listLimits(db, game)
  const taken = drawId === null ? new Map<string, number>() : await takenUnits(db, game, [drawId], [...new Set(rows.map((r) => r.bet_type))])
  return rows.map((r) => {
    const used = taken.get(`${drawId}|${r.bet_type}|${r.number}`) ?? 0
    return { LimitId: Number(r.limit_id), Number: r.number, BetType: r.bet_type, MaxUnits: Number(r.max_units), DrawId: drawId, Taken: used, Left: roundMoney(Math.max(0, Number(r.max_units) - used)), UpdatedBy: r.updated_by }
  })
}

/** Sets a new limit on a bet type and number (409 when one is set); audited. */
export async function createLimit (db: Db, caller: Caller, input: { game: Game, betType: string, number: string, maxUnits: number }): Promise<{ LimitId: number, Number: string, BetType: string, MaxUnits: number }> {
  const key = limitKeyOf(input.betType, input.number)
  const row = await db.transaction(async (tx) => {
    const made = await insertLimit(tx, input.game, key, input.maxUnits, caller.user.userId, caller.now)
    if (!made) throw bettingErrors.limitExists(key.number, key.betType)
    await auditCall(tx, caller, 'limit.create', { LimitId: made.limit_id, Number: key.number, BetType: key.betType, MaxUnits: input.maxUnits })
    return made
  })
  return { LimitId: Number(row.limit_id), Number: row.number, BetType: row.bet_type, MaxUnits: Number(row.max_units) }
}

/** Changes a limit's most units; audited with what it was. */
export async function setLimitMax (db: Db, caller: Caller, input: { game: Game, limitId: number, maxUnits: number }): Promise<{ LimitId: number, MaxUnits: number }> {
  const { limitId: id, maxUnits: max } = input
  await db.transaction(async (tx) => {
    const was = await lockLimit(tx, input.game, id)
    if (!was) throw bettingErrors.limitNotFound(id)
    await auditCall(tx, caller, 'limit.update', { LimitId: id, Number: was.number, BetType: was.bet_type, from: Number(was.max_units), to: max })
    await writeLimitMax(tx, id, max, caller.user.userId, caller.now)
  })
  return { LimitId: id, MaxUnits: max }
}

/** Deletes the limits named by id, all or none (404 naming the first missing); audited. */
export async function removeLimits (db: Db, caller: Caller, input: { game: Game, limitIds: number[] }): Promise<{ Deleted: number }> {
  const ids = [...new Set(input.limitIds)]
  return db.transaction(async (tx) => {
    const rows = await deleteLimits(tx, input.game, ids)
    const missing = ids.find((id) => !rows.some((r) => Number(r.limit_id) === id))
    if (missing !== undefined) throw bettingErrors.limitNotFound(missing)
    await auditCall(tx, caller, 'limit.delete', { limits: rows.map((r) => ({ LimitId: r.limit_id, Number: r.number, BetType: r.bet_type, MaxUnits: Number(r.max_units) })) })
    return { Deleted: rows.length }
  })
}

/** Deletes limits by id, or the one limit of a bet type and number; audited. */
export async function removeLimitsNamed (db: Db, caller: Caller, input: { game: Game, limitIds?: number[] | undefined, betType?: string | undefined, number?: string | undefined }): Promise<{ Deleted: number }> {
  const { game } = input
  if (input.limitIds) return removeLimits(db, caller, { game, limitIds: input.limitIds })
  if (input.betType === undefined) throw bettingErrors.limitNoKey()
  const key = limitKeyOf(input.betType, input.number ?? '')
  const found = await limitByKey(db, game, key)
  if (!found) throw bettingErrors.limitNotSet(key.number, key.betType)
  return removeLimits(db, caller, { game, limitIds: [Number(found.limit_id)] })
}

/** The bet type and number of a limit as sent, checked like a bet line (counts by type, 1 to 49, no repeats) and written the way bets are matched. */
function limitKeyOf (betType: string, numberText: string): { betType: string, number: string } {
  const type = betType.trim().toUpperCase()
  const counts = totoNumberCounts(type)
  if (counts === undefined) throw bettingErrors.limitBadBetType()
  const parts = numberText.trim() === '' ? [] : numberText.trim().split(/[\s,]+/)
  if (parts.some((p) => !/^\d{1,2}$/.test(p) || !isTotoNumber(Number(p)))) throw bettingErrors.limitBadNumber(numberText)
  const numbers = parts.map(Number)
  if (new Set(numbers).size !== numbers.length) throw bettingErrors.limitNumberRepeats(numberText)
  if (!counts.includes(numbers.length)) throw bettingErrors.limitNumberCount(type, counts, numbers.length)
  return { betType: type, number: limitNumberOf(type, numbers) }
}
