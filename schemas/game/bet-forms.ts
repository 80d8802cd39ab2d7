// What a ticket's lines are written in, per game: the 4D forms or TOTO bet types (how many it takes: entry-limits.ts).
import { TOTO_BET_TYPES } from '../domain/toto-bets.ts'
import type { Game } from '../domain/calendar.ts'
import type { NumberForm } from './ticket.ts'

/** The 4D forms, as the lines store them (r, i, k are written roll, ibet, kbet). */
export const FOUR_D_FORMS: readonly NumberForm[] = ['straight', 'roll', 'ibet', 'kbet']

/** The forms (4D) or bet types (TOTO) a line of the game is written in. */
export const formsOf = (game: Game): readonly string[] => game === 'TOTO' ? TOTO_BET_TYPES : FOUR_D_FORMS
