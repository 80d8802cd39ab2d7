// What a ticket is written down as: its day code and bet text, filled in for tickets placed without them (web form, fixed, special).
import type { Queryable } from '../../../shared/db.ts'
import { dayCodeOfDates } from '../rules/index.ts'
import { isoDateOf } from '../../draws/api.ts'
import { linesText } from '../rules/lines.ts'
import type { TicketRequest } from '../types.ts'

/**
 * Each request's day code (as given, upper-cased; else the code of its draws' days, or null) and text (as given; else its lines
 * as bet text). Draw dates the caller already read (known) are not read again.
 */
export async function ticketLabels (q: Queryable, requests: readonly TicketRequest[], known?: ReadonlyMap<number, string>): Promise<Array<{ dayCode: string | null, text: string }>> {
  const wanted = [...new Set(requests.filter((r) => r.dayCode === null).flatMap((r) => r.drawIds))].filter((id) => !known?.has(id))
  const { rows } = wanted.length === 0
    ? { rows: [] }
    : await q.query<{ draw_id: number, draw_date: string | Date }>('SELECT draw_id, draw_date FROM draws WHERE draw_id = ANY($1::int[])', [wanted])
  const dateOf = new Map([...known ?? [], ...rows.map((r) => [Number(r.draw_id), isoDateOf(r.draw_date)] as const)])
  return requests.map((r) => {
    const dates = r.drawIds.map((id) => dateOf.get(id)).filter((d) => d !== undefined)
    const dayCode = r.dayCode !== null ? r.dayCode.toUpperCase() : dayCodeOfDates(r.series, dates) ?? null
    return { dayCode, text: r.text ?? linesText(r.game === '4D' ? r.fourD ?? [] : r.toto ?? []) }
  })
}
