// What a ticket may hold, per game: the 4D forms or TOTO bet types a line is written in, and how many lines one ticket takes.
import { TOTO_BET_TYPES } from '../../../../schemas/domain/toto-bets.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import type { NumberForm } from './ticket.ts'

/** The 4D forms, as the lines store them (r, i, k are written roll, ibet, kbet). */
export const FOUR_D_FORMS: readonly NumberForm[] = ['straight', 'roll', 'ibet', 'kbet']

/** The most lines one ticket placed through the API takes. */
export const MAX_LINES_PER_TICKET = 200

/** The forms (4D) or bet types (TOTO) a line of the game is written in. */
export const formsOf = (game: Game): readonly string[] => game === 'TOTO' ? TOTO_BET_TYPES : FOUR_D_FORMS
