// The names one game's side of an account goes by (4D: dShare/dCommission, TOTO: tShare/tCommission): the store reads them, the routes' schemas name them.
import type { Game } from '../../../../schemas/domain/calendar.ts'
import type { PositionField } from '../../../../schemas/domain/position-ranges.ts'

/** The share and commission fields of a game's side, named as the Agents/Players forms and PUT …/position name them (the one place the side picks its names). */
export const SIDE_FIELDS = {
  '4D': { share: 'dShare', commission: 'dCommission' },
  TOTO: { share: 'tShare', commission: 'tCommission' }
} as const satisfies Record<Game, { share: PositionField, commission: PositionField }>
