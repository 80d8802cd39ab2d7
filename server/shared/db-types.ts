import pg from 'pg'

/**
 * pg's parsers set to answer what PGlite's do, so code reads the same values from either store: a bigint (an id, a count,
 * a sum of integers) is a number while it is exact, a date is midnight UTC, an interval is its text. The store parity test
 * (tests/server/shared/db.test.ts) holds the two to it for every column type the migrations use.
 */

// Type oids (pg_type), as pg's own parsers are registered under them.
const INT8 = 20
const INT8_ARRAY = 1016
const TEXT_ARRAY = 1009
const DATE = 1082
const INTERVAL = 1186

/** pg's parser for a type oid (its typings name only the scalar types). */
const pgParser = pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (text: string) => unknown

/** PGlite's reading of an int8: a number while it is exact, else a bigint. */
function int8 (text: string): number | bigint {
  const value = BigInt(text)
  return value < Number.MIN_SAFE_INTEGER || value > Number.MAX_SAFE_INTEGER ? value : Number(value)
}

/** PGlite's reading of a date: infinities as numbers, else the text as Date reads it (a plain date is midnight UTC). */
function date (text: string): Date | number {
  return text === 'infinity' ? Infinity : text === '-infinity' ? -Infinity : new Date(text)
}

const textArray = pgParser(TEXT_ARRAY) as (text: string) => Array<string | null>

const parsers: Partial<Record<number, (text: string) => unknown>> = {
  [INT8]: int8,
  [INT8_ARRAY]: (text) => textArray(text).map((v) => v === null ? null : int8(v)),
  [DATE]: date,
  [INTERVAL]: (text) => text
}

/** The type parsers a pg pool takes (its types option). */
export const pgliteLikeTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => parsers[oid] ?? pgParser(oid, format)) as typeof pg.types.getTypeParser
}
