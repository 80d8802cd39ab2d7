// The betting module's public surface: what other domains may use of it (placing an order, reading bet text, the draw and intake totals, fixed bets on new draws). Its store/ is private.
export { addSettledPayouts, clearDrawPayouts } from './store/draw-totals.ts'
export { FIXED_JOB, queueFixedForNewDraws } from './store/fixed-on-new-draws.ts'
export { intakeKey, lockIntake } from './store/intake-totals.ts'
export { placeOrder } from './store/service.ts'
export { parseText, ticketSummary, userIdOf } from './store/text.ts'
