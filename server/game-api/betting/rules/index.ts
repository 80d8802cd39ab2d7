// Betting's rules: the bet text and its limits, and (for betting's own files) the game's kernel, which other domains import from schemas/game.
export * from '../../../../schemas/game/index.ts'
export { parseBetText, type ParseBetTextOptions, type ParseBetTextResult } from './parse-bet-text.ts'
export { MAX_CHARACTERS, MAX_NUMBER_SETS } from './bet-text-limits.ts'
