// The open-draw conditions in SQL, the one text every query that asks "does this draw still take bets" uses (drawStatus is the same rule in TypeScript).
/** drawStatus's 'pending' or 'open' in SQL: draw `d` (an alias) is not closed at the instant placeholder `now` (it takes bets, or will once open). */
export const drawNotClosedSql = (d: string, now: string) =>
  `(${d}.close_at > ${now} AND NOT ${d}.closed_by_hand AND ${d}.result IS NULL AND NOT ${d}.is_finalised)`

/** drawStatus's 'open' in SQL, for a query over many rows: draw `d` (an alias) takes bets at the instant placeholder `now`. */
export const drawTakesBetsSql = (d: string, now: string) =>
  `(${drawNotClosedSql(d, now)} AND (${d}.open_at IS NULL OR ${d}.open_at <= ${now}))`
