// How many numbers a TOTO line holds, by bet type (seed 001 §5): the game API's line check and the Place Bets form read it here.

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
