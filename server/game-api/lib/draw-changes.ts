// Bets accepted or voided and numbers thrown out, told to whoever watches a draw (the exposure stream), after their transaction has committed.
import { EventEmitter } from 'node:events'
import type { Game } from '../../../schemas/domain/calendar.ts'

/** One committed change to the bets of some draws. */
export interface DrawChange { kind: 'placed' | 'voided' | 'thrown', game: Game, drawIds: number[], ticketNo?: string }

// One bus per database: tests and benchmarks run several game APIs in one process, each on its own database.
const buses = new WeakMap<object, EventEmitter>()

/** The bus of a database (made on first use); every open exposure stream listens on it. */
export function drawChanges (db: object): EventEmitter {
  let bus = buses.get(db)
  if (!bus) {
    bus = new EventEmitter()
    // Each open stream is a listener: many watchers are normal, not a leak.
    bus.setMaxListeners(0)
    buses.set(db, bus)
  }
  return bus
}

/** Tells the database's watchers about a committed change. */
export function announceDrawChange (db: object, change: DrawChange): void {
  drawChanges(db).emit('change', change)
}
