// Date input rules of seed 001 §5: type d, d/m or a full date; show MM/DD/YYYY padded; a range's from is not after its to.

/** A calendar day; month is 1-12. */
export interface Day { y: number, m: number, d: number }

const pad2 = (n: number) => String(n).padStart(2, '0')

function isRealDay ({ y, m, d }: Day): boolean {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return false
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return d <= last
}

/**
 * Reads a typed date: the seed's short forms "d" and "d/m" (missing parts from today), a full date either as the field
 * shows it (MM/DD/YYYY) or as d/m/y, and year first (YYYY-MM-DD). A full date that is a real day both ways round is
 * 'ambiguous', never read silently one way; two-digit years are 20yy; - . or a space may separate the parts.
 */
export function parseDateInput (text: string, today: Day): Day | 'ambiguous' | null {
  const parts = text.trim().split(/[/.\s-]+/).filter(Boolean)
  if (parts.length === 0 || parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) return null
  const [a, b, y] = parts.map(Number) as [number, number | undefined, number | undefined]
  if (y === undefined) {
    const day = { y: today.y, m: b ?? today.m, d: a }
    return isRealDay(day) ? day : null
  }
  // Year first (2026-03-04) can only be year, month, day.
  if (parts[0]!.length === 4) {
    const day = { y: a, m: b!, d: y }
    return isRealDay(day) ? day : null
  }
  const year = parts[2]!.length <= 2 ? 2000 + y : y
  const readings = [{ y: year, m: a, d: b! }, { y: year, m: b!, d: a }].filter(isRealDay)
  const [first, second] = readings
  if (!first) return null
  return second && (second.m !== first.m || second.d !== first.d) ? 'ambiguous' : first
}

/** MM/DD/YYYY, two-digit padded. */
export function formatMDY ({ y, m, d }: Day): string {
  return `${pad2(m)}/${pad2(d)}/${String(y).padStart(4, '0')}`
}

/** YYYY-MM-DD, the value forms send. */
export function toIsoDay ({ y, m, d }: Day): string {
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`
}

/** Reads YYYY-MM-DD (or a longer ISO string) back into a day; null when it is not one. */
export function fromIsoDay (iso: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!match) return null
  const day = { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) }
  return isRealDay(day) ? day : null
}

/** True when the range is acceptable: either end missing, or from on or before to (ISO days compare as strings). */
export function isRangeOrdered (from: string | undefined, to: string | undefined): boolean {
  if (!from || !to) return true
  return from <= to
}
