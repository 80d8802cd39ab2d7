// The SMS settings' open time and open days (seed 001 §5 instruction pages), read in the operator's zone.
import { weekdayOf, zoneDateOf, zoneInstant } from '../../../../schemas/domain/calendar.ts'

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** The weekdays (0 = Sunday) an OpenDay text such as 'Wed, Sat, Sun' names; unknown words are ignored. */
export function openWeekdays (openDay: string): number[] {
  return openDay.split(/[\s,/;]+/).map((word) => DAY_NAMES.indexOf(word.slice(0, 3).toLowerCase())).filter((day) => day >= 0)
}

/** Whether a message received at now falls on an open day, at or after OpenTime and before CloseTime. */
export function isSmsOpen (settings: { openTime: string, closeTime: string, openDay: string }, now: Date): boolean {
  const date = zoneDateOf(now)
  if (!openWeekdays(settings.openDay).includes(weekdayOf(date))) return false
  return now >= zoneInstant(date, settings.openTime) && now < zoneInstant(date, settings.closeTime)
}
