/** A count with its English noun, "1 bet" or "2 bets", for the job messages users read as written. */
export const countOf = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`
