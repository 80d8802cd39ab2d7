// A bet text turned into a placement order: parsed with the pure parser, its ID matched to a user (ignoring case).
import type { Queryable } from '../../../shared/db.ts'
import { parseBetText, type Game, type ParseBetTextResult } from '../rules/index.ts'
import { drawCloses } from '../../draws/api.ts'

/** Parser options as the routes and the upload take them. */
export interface TextOptions { strictNumber?: boolean | undefined, acceptDecimals?: boolean | undefined }

/** Parses a bet text for a game at an instant; its day code resolves to the draws the JSON path would choose (draw-closes.ts). */
export async function parseText (q: Queryable, game: Game, text: string, options: TextOptions, now: Date): Promise<ParseBetTextResult> {
  return (await textParser(q, game, options, now))(text)
}

/** parseText for many texts at one instant (an upload's batch): the draws' closes read once. */
export async function textParser (q: Queryable, game: Game, options: TextOptions, now: Date): Promise<(text: string) => ParseBetTextResult> {
  const closeOf = await drawCloses(q, game, now)
  return (text) => parseBetText(text, { game, now, closeOf, strictNumber: options.strictNumber ?? true, acceptDecimals: options.acceptDecimals ?? false })
}

/** The stored user id a text's ID names (IDs are matched ignoring case), or undefined. */
export async function userIdOf (q: Queryable, written: string): Promise<string | undefined> {
  return (await userIdsOf(q, [written])).get(written.toLowerCase())
}

/** userIdOf for many IDs in one read: the stored id of each, by its lower-cased spelling. */
export async function userIdsOf (q: Queryable, written: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await q.query<{ user_id: string }>('SELECT user_id FROM users WHERE lower(user_id) = ANY($1::text[])', [[...new Set(written.map((w) => w.toLowerCase()))]])
  return new Map(rows.map((r) => [r.user_id.toLowerCase(), r.user_id]))
}
