// The draws module's public surface: what other domains may use of it (the draw lookups and close times, in the caller's transaction; a draw's status and answer shape). Its store/ is private.
export { drawById, existingDraw, type DrawLookup } from './store/draw-by-id.ts'
export { drawNotClosedSql, drawTakesBetsSql } from './store/draw-conditions.ts'
export { drawCloses, nextSeriesClose } from './store/draw-closes.ts'
export { unsettledDraws } from './store/draw-lists.ts'
export { drawsByIds, drawsOfDayCode, drawsOn, ensureDraws, ensureUpcomingDraws, openDrawsByIds } from './store/draws.ts'
export { assertOpen, assertVoidable } from './rules/draw-status.ts'
export { isoDateOf, toDrawAnswer } from './rules/draw-answer.ts'
export type { DrawAnswer, DrawRow } from './types.ts'
