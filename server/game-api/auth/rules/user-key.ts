// How a typed user id is folded before sign-in failures are counted under it, apart from the SQL that counts them.

/** The key failures are counted under: the typed user id, case folded. */
export const userKey = (username: string) => username.trim().toLowerCase()
