// The position pickers (share, commission, tax) read seed 001 §5's ranges by the location's game prefix.
import { positionRule, type PositionKind, type StepRule } from '../../../../schemas/domain/position-ranges.ts'
import { gameOfPrefix, type GamePrefix } from '../../../../schemas/domain/calendar.ts'

export type { StepRule }
export type StepKind = PositionKind

/** The rule for a picker; TOTO (tt) has its own commission range. */
export const stepRule = (kind: StepKind, game: GamePrefix = '4d'): StepRule => positionRule(kind, gameOfPrefix(game))
