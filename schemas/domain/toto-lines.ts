// How many numbers a TOTO line holds, by bet type (seed 001 §5), and which numbers it may hold: the game API's line checks and the Place Bets form read them here.

/** The highest number a TOTO ball shows: the balls run from 1 to 49. */
export const TOTO_BALLS = 49

/** Whether n is a TOTO number: a whole number from 1 to TOTO_BALLS. */
export const isTotoNumber = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= TOTO_BALLS

/** The counts a line of each TOTO bet type may hold: ORDINARY 6, SYSTEM 7 to 12, ROLL 5, pick-n n, Odd/Even/Tie none. */
export const TOTO_NUMBER_COUNTS: Readonly<Record<string, readonly number[]>> = {
  ORDINARY: [6],
  SYSTEM: [7, 8, 9, 10, 11, 12],
  ROLL: [5],
  '2*': [2],
  '3*': [3],
  '4*': [4],
  '*2': [2],
  '*3': [3],
  '*4': [4],
  TO: [0],
  TE: [0],
  TT: [0]
}

/** The counts a TOTO bet type allows; undefined for a type that is not one. */
export const totoNumberCounts = (type: string): readonly number[] | undefined => TOTO_NUMBER_COUNTS[type.toUpperCase()]
