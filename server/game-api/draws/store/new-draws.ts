// Creating draws is announced to the modules that act on new draws (betting queues its fixed process), in the creating transaction:
// draws know nothing of those modules, so betting, which places bets on draws, is never imported back.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'

/** Acts on draws just created, in their transaction; userId is who created them by hand (null: the calendar). */
export type NewDrawsListener = (q: Queryable, game: Game, drawIds: number[], userId: string | null) => Promise<unknown>

const listeners = new Set<NewDrawsListener>()

/** Registers a listener once (a module entry registers it each time an app is built; the same listener counts once). */
export function onNewDraws (listener: NewDrawsListener): void {
  listeners.add(listener)
}

/** Tells every listener of draws just created (none: nothing to tell). */
export async function announceNewDraws (q: Queryable, game: Game, drawIds: number[], userId: string | null): Promise<void> {
  if (drawIds.length === 0) return
  for (const listener of listeners) await listener(q, game, drawIds, userId)
}
