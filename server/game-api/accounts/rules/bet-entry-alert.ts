// Bet entry alert: a line whose stake as written (4D Big + Small, TOTO units) passes the enterer's threshold is flagged, to catch a slip such as 1000 for 10.

/** A line as entered: 4D amounts or TOTO units. */
export interface EnteredLine { big?: number, small?: number, units?: number }

/** The 1-based numbers of the lines whose written stake is above the threshold (none when there is no threshold). */
export function alertLines (lines: readonly EnteredLine[], threshold: number | null): number[] {
  if (threshold === null) return []
  return lines.flatMap((line, i) => (line.big ?? 0) + (line.small ?? 0) + (line.units ?? 0) > threshold ? [i + 1] : [])
}
