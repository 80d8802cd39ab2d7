// A draw row as the API answers it, and its date column read the same whatever the driver.
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import type { IsoDate } from '../../../../schemas/game/index.ts'
import type { DrawAnswer, DrawRow } from '../types.ts'
import { drawStatus } from './draw-status.ts'
import { wallTimeOf } from './draw-times.ts'

/** A date column as YYYY-MM-DD whatever the driver hands back (pg gives a local Date, PGlite a UTC one). */
export function isoDateOf (value: string | Date): IsoDate {
  if (typeof value === 'string') return value.slice(0, 10)
  const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000)
  // pg builds local midnight, PGlite UTC midnight: whichever is a midnight is the one used.
  return (value.getUTCHours() === 0 ? value : local).toISOString().slice(0, 10)
}

/** The answer shape of a draw row; its status is read at `now`. */
export function toDrawAnswer (r: DrawRow, now: Date = new Date()): DrawAnswer {
  return {
    DrawId: Number(r.draw_id),
    Game: r.game,
    DrawDate: isoDateOf(r.draw_date),
    CloseDate: zoneIso(new Date(r.close_at)),
    Series: r.series,
    Special: r.special,
    IsFinalised: r.is_finalised,
    HasResult: r.result !== null && r.result !== undefined,
    OpenDate: r.open_at === null || r.open_at === undefined ? null : zoneIso(new Date(r.open_at)),
    CloseTime: wallTimeOf(new Date(r.close_at)),
    ClosedByHand: r.closed_by_hand === true,
    Status: drawStatus(r, now)
  }
}
