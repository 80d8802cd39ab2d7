// The operator works in GMT+8 (Singapore); every date the game API shows is in that zone.
const offsetMs = 8 * 60 * 60 * 1000

/** ISO 8601 with the +08:00 offset, to the second: 2025-01-04T18:30:00+08:00. */
export function toGmt8Iso (date: Date): string {
  return new Date(date.getTime() + offsetMs).toISOString().slice(0, 19) + '+08:00'
}

/** DD/MM/YYYY HH:mm in GMT+8, as the maintenance message shows it. */
export function toGmt8Display (date: Date): string {
  const iso = new Date(date.getTime() + offsetMs).toISOString()
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`
}

/** 4D draws: Wednesday, Saturday, Sunday. TOTO draws: Monday, Thursday. (0 is Sunday.) */
export const drawDays = { '4D': [3, 6, 0], TOTO: [1, 4] } as const

/** Betting closes at 18:30 GMT+8 on a draw day. */
export const closeTime = { hour: 18, minute: 30 }

/** The first close (18:30 GMT+8 on one of the weekdays) strictly after now. */
export function nextClose (now: Date, weekdays: readonly number[]): Date {
  const local = new Date(now.getTime() + offsetMs)
  for (let d = 0; d <= 7; d++) {
    const candidate = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + d, closeTime.hour, closeTime.minute) - offsetMs)
    const weekday = new Date(candidate.getTime() + offsetMs).getUTCDay()
    if (weekdays.includes(weekday) && candidate.getTime() > now.getTime()) return candidate
  }
  throw new Error('nextClose needs at least one weekday from 0 to 6')
}
