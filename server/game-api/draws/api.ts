// The draws module's public surface: what other domains may use of it (the draw lookups and close times, in the caller's transaction). Its store/ is private.
export { drawById, existingDraw, type DrawLookup } from './store/draw-by-id.ts'
export { drawNotClosedSql, drawTakesBetsSql } from './store/draw-conditions.ts'
export { drawCloses, nextSeriesClose } from './store/draw-closes.ts'
export { unsettledDraws } from './store/draw-lists.ts'
// Pure helpers still written in store/draws.ts (it is being rewritten with bet placement): to move to rules/ after that.
export { assertOpen, assertVoidable, drawsByIds, drawsOfDayCode, drawsOn, ensureDraws, ensureUpcomingDraws, isoDateOf, openDrawsByIds, toDrawAnswer, type DrawAnswer, type DrawRow } from './store/draws.ts'
