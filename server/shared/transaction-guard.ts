// What keeps one transaction from holding the store for everyone: a time bound, and a refusal of the database's own handle inside it.
import { AsyncLocalStorage } from 'node:async_hooks'

/** How long a transaction may hold its connection (on PGlite the only one) before it is rolled back. */
export const TRANSACTION_TIMEOUT_MS = 20_000

/** A migration's or the first seed's bound: they run at start, before any request waits on the store. */
export const SETUP_TRANSACTION_TIMEOUT_MS = 10 * 60_000

/** PostgreSQL only: how long one statement may run (PGlite runs a statement to its end on the one thread). */
export const STATEMENT_TIMEOUT_MS = 20_000

/** A transaction outlived its bound: it was rolled back and its connection freed; the caller may try again. */
export class TransactionTimeout extends Error {
  readonly code = 'STORE_TIMEOUT'
  constructor (ms: number) {
    super(`A transaction held the database longer than ${ms} ms and was rolled back; try again.`)
    this.name = 'TransactionTimeout'
  }
}

/** Code used the database (not its transaction's handle) inside a transaction: on one connection that waits for itself forever. */
export class QueryInsideTransaction extends Error {
  constructor (text: string) {
    super(`A statement was sent to the database instead of the open transaction's handle (it would wait for that transaction, which waits for it): ${text.trim().slice(0, 80)}`)
    this.name = 'QueryInsideTransaction'
  }
}

/** A transaction's limits for one database handle. */
export interface TransactionGuard {
  /** Throws QueryInsideTransaction when the caller runs inside one of this database's open transactions. */
  assertOutside(text: string): void
  /** Runs the transaction's body, marked as inside it, and rejects with TransactionTimeout after timeoutMs (onTimeout frees the connection first). */
  run<T>(body: () => Promise<T>, timeoutMs: number, onTimeout: (error: TransactionTimeout) => void): Promise<T>
}

/** One guard per database handle: a transaction of another handle (another store) is no concern of this one. */
export function transactionGuard (): TransactionGuard {
  // Mutable, because timers and promises started inside a transaction keep its context after it ends.
  const inside = new AsyncLocalStorage<{ open: boolean }>()
  return {
    assertOutside (text) {
      if (inside.getStore()?.open) throw new QueryInsideTransaction(text)
    },
    run (body, timeoutMs, onTimeout) {
      const state = { open: true }
      let timer: NodeJS.Timeout | undefined
      const expired = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          const error = new TransactionTimeout(timeoutMs)
          onTimeout(error)
          reject(error)
        }, timeoutMs)
      })
      return Promise.race([inside.run(state, body), expired]).finally(() => {
        state.open = false
        clearTimeout(timer)
      })
    }
  }
}
