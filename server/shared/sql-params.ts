// A statement's parameters numbered as they are added, for statements assembled from parts (each part adds its own).
import { prepared, type Queryable } from './db.ts'

/** add(value, type) answers the placeholder `$n::type` of the value it keeps in values. */
export function sqlParams (): { values: unknown[], add: (value: unknown, type: string) => string } {
  const values: unknown[] = []
  return { values, add: (value, type) => { values.push(value); return `$${values.length}::${type}` } }
}

/** One read of a statement made of several: its SELECT (parameters added by add) and what its rows become. */
export interface Read<T> {
  sql: (add: (value: unknown, type: string) => string) => string
  parse: (rows: Array<Record<string, unknown>>) => T
}

/**
 * Runs independent reads in one statement and one round trip, each as a JSON array of its rows (numbers arrive as JSON
 * numbers, json columns as objects); answers each read's parse. A read may lock (FOR UPDATE inside its SELECT). Its texts come
 * from a bounded set (each read's SELECT is fixed), so the statement is kept prepared.
 */
export async function readTogether<R extends Record<string, Read<unknown>>> (q: Queryable, reads: R): Promise<{ [K in keyof R]: R[K] extends Read<infer T> ? T : never }> {
  const p = sqlParams()
  const names = Object.keys(reads)
  if (names.length === 0) return {} as { [K in keyof R]: R[K] extends Read<infer T> ? T : never }
  const columns = names.map((name) => `(SELECT COALESCE(json_agg(r), '[]'::json) FROM (${reads[name]!.sql(p.add)}) AS r) AS "${name}"`)
  const { rows: [row] } = await q.query<Record<string, Array<Record<string, unknown>>>>(prepared(`SELECT ${columns.join(',\n  ')}`), p.values)
  return Object.fromEntries(names.map((name) => [name, reads[name]!.parse(row?.[name] ?? [])])) as { [K in keyof R]: R[K] extends Read<infer T> ? T : never }
}
