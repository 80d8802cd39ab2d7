// How far a level's intake is above its limit, in cents, one rounding the job, the throws and the Out Setting page share.

/** Dollars above a limit, rounded down to the cent (0 without a limit). */
export const above = (kept: number, limit: number | null): number => limit === null ? 0 : Math.max(0, Math.floor((kept - limit) * 100 + 1e-6) / 100)
