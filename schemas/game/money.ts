// Money is computed in dollars and rounded to cents once, where a figure is handed out.

/** Whole cents of a dollar amount, rounding half away from zero (a tiny nudge absorbs binary fractions like 1.005). */
export function toCents (dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100 + 1e-7)
}

/** Dollars of a whole number of cents. */
export function fromCents (cents: number): number {
  return cents / 100
}

/** A dollar amount rounded to cents. */
export function roundMoney (dollars: number): number {
  return fromCents(toCents(dollars))
}
