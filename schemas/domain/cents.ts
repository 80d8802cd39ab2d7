// The cents check: an amount of money holds at most two decimals. Every money field of the game API applies this one reading.

/** True when v is a whole number of cents (at most two decimals), allowing for binary fractions such as 0.1 + 0.2. */
export const inWholeCents = (v: number): boolean => Math.abs(Math.round(v * 100) - v * 100) < 1e-6
