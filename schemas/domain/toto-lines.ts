// How many numbers a TOTO line holds, by bet type (seed 001 §5), and which numbers it may hold: the game API's line checks and the Place Bets form read them here.
import { TOTO_PICK_BETS, isParityBet, isPickBet, type TotoMainBet } from './toto-bets.ts'

/** The highest number a TOTO ball shows: the balls run from 1 to 49. */
export const TOTO_BALLS = 49

/** Whether n is a TOTO number: a whole number from 1 to TOTO_BALLS. */
export const isTotoNumber = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= TOTO_BALLS

/** The counts a line of each main bet may hold: ORDINARY 6, SYSTEM 7 to 12, ROLL 5. */
const MAIN_COUNTS: Readonly<Record<TotoMainBet, readonly number[]>> = { ORDINARY: [6], SYSTEM: [7, 8, 9, 10, 11, 12], ROLL: [5] }

/** The counts a TOTO bet type allows, whatever its case (a pick-n n, Odd/Even/Tie none); undefined for a type that is not one. */
export function totoNumberCounts (type: string): readonly number[] | undefined {
  const upper = type.toUpperCase()
  if (isPickBet(upper)) return [TOTO_PICK_BETS[upper]]
  if (isParityBet(upper)) return [0]
  return Object.hasOwn(MAIN_COUNTS, upper) ? MAIN_COUNTS[upper as TotoMainBet] : undefined
}
