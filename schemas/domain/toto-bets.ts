// The TOTO bet types of seed 001 §5: the main bets (ordinary, system, system roll) and the side bets (pick-n, odd/even/tie),
// the one list the bet text parser, the line checks, OutSet numbers, pay rates and the Place Bets form read.

/** Pick-n bets and how many numbers each takes: n* needs its numbers among the six winning, *n among the six and the additional. */
export const TOTO_PICK_BETS = { '2*': 2, '3*': 3, '4*': 4, '*2': 2, '*3': 3, '*4': 4 } as const
export type TotoPickBet = keyof typeof TOTO_PICK_BETS

/** Odd/even/tie bets, on the six winning numbers, written alone without numbers: TO 4+ odd, TE 4+ even, TT 3 and 3. */
export const TOTO_PARITY_BETS = ['TO', 'TE', 'TT'] as const
export type TotoParityBet = typeof TOTO_PARITY_BETS[number]

/** Side bets: every bet type that is not a line of 6 or more numbers played for the prize groups. */
export type TotoSideBet = TotoPickBet | TotoParityBet
export const TOTO_SIDE_BETS: readonly TotoSideBet[] = [...Object.keys(TOTO_PICK_BETS) as TotoPickBet[], ...TOTO_PARITY_BETS]

/** The main bets: ordinary (6 numbers), system (7 to 12) and system roll (5 and every other ball). */
export const TOTO_MAIN_BETS = ['ORDINARY', 'SYSTEM', 'ROLL'] as const
export type TotoMainBet = typeof TOTO_MAIN_BETS[number]

/** Every TOTO bet type, main bets first. */
export type TotoBetType = TotoMainBet | TotoSideBet
export const TOTO_BET_TYPES: readonly TotoBetType[] = [...TOTO_MAIN_BETS, ...TOTO_SIDE_BETS]

/** Whether a text is a TOTO bet type exactly as written (upper case). */
export const isTotoBetType = (text: string): text is TotoBetType => (TOTO_BET_TYPES as readonly string[]).includes(text)

/** Whether a text is a side bet (pick-n or odd/even/tie) exactly as written. */
export const isSideBet = (text: string): text is TotoSideBet => (TOTO_SIDE_BETS as readonly string[]).includes(text)

/** Whether a text is an odd/even/tie bet exactly as written. */
export const isParityBet = (text: string): text is TotoParityBet => (TOTO_PARITY_BETS as readonly string[]).includes(text)

/** Whether a text is a pick-n bet exactly as written. */
export const isPickBet = (text: string): text is TotoPickBet => Object.hasOwn(TOTO_PICK_BETS, text)
