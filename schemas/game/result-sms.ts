// The results SMS string of a draw (seed 001 §7 GET result/SMSString): the whole result in one 160-character SMS.
import { weekdayOf, type DrawSeries, type IsoDate } from '../domain/calendar.ts'
import type { FourDResult } from './settle-four-d.ts'
import type { TotoResult } from './settle-toto.ts'

/** Characters of one SMS (GSM 7-bit); the string is built to fit one for every result shape. */
export const SMS_LENGTH = 160

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const two = (n: number) => String(n).padStart(2, '0')

/** The draw's head: series (Magnum's Tuesday marked special), ISO date and weekday, e.g. "SG4D 2030-01-02 Wed". */
function head (series: DrawSeries, date: IsoDate, special: boolean): string {
  return `${series}${special ? ' special' : ''} ${date} ${WEEKDAYS[weekdayOf(date)] ?? ''}`
}

/**
 * The SMS string: 4D "SG4D 2030-01-02 Wed 1)1234 2)5678 3)9012 S:0001 … 0010 C:1001 … 1010" (starters S, consolations C);
 * TOTO "TOTO 2030-01-03 Thu 01 02 03 04 05 06 +07" (the additional number after +).
 */
export function resultSmsString (draw: { series: DrawSeries, date: IsoDate, special: boolean }, result: FourDResult | TotoResult): string {
  const top = head(draw.series, draw.date, draw.special)
  if ('winning' in result) return `${top} ${[...result.winning].sort((a, b) => a - b).map(two).join(' ')} +${two(result.additional)}`
  return `${top} 1)${result.first} 2)${result.second} 3)${result.third} S:${result.starters.join(' ')} C:${result.consolations.join(' ')}`
}
