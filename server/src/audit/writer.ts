import type { Db } from '../../shared/db.ts'
import type { AuditFields } from './record.ts'
import type { ChainHead } from './chain.ts'
import { appendRecords } from './store.ts'

interface Waiting {
  fields: AuditFields
  resolve: (id: number) => void
  reject: (error: unknown) => void
}

/** How long a deferred record may wait for an urgent one to ride along with before it is written on its own. */
export const DEFERRED_LINGER_MS = 50

/**
 * Group commit: records that arrive while a batch is being written go together in the next transaction; each caller
 * still waits for its own commit. Deferred records (outcomes, which nothing waits on before acting) ride along with the
 * next urgent batch instead of costing a commit of their own, or are written after DEFERRED_LINGER_MS when none comes.
 */
export class AuditWriter {
  readonly #db: Db
  readonly #maxBatch: number
  #urgent: Waiting[] = []
  #deferred: Waiting[] = []
  #running: Promise<void> | null = null
  #lingering: NodeJS.Timeout | null = null
  // The chain's head as this writer last left it: appends then need no read first (another instance moving it costs one retry).
  #head: ChainHead | undefined

  // Told every committed head (the signed checkpoints of anchor.ts).
  readonly #onCommit: ((head: ChainHead) => void) | undefined

  constructor (db: Db, maxBatch = 200, onCommit?: (head: ChainHead) => void) {
    this.#db = db
    this.#maxBatch = maxBatch
    this.#onCommit = onCommit
  }

  /** Resolves with the record's id once its transaction has committed; rejects when the store refused it. */
  append (fields: AuditFields, options: { deferred?: boolean } = {}): Promise<number> {
    return new Promise((resolve, reject) => {
      const waiting = { fields, resolve, reject }
      if (options.deferred === true) {
        this.#deferred.push(waiting)
        this.#lingering ??= setTimeout(() => { this.#lingering = null; this.#start() }, DEFERRED_LINGER_MS)
        return
      }
      this.#urgent.push(waiting)
      this.#start()
    })
  }

  /** Writes everything still waiting (deferred records included); resolves once all of it is committed or refused. */
  async flush (): Promise<void> {
    while (this.#running !== null || this.#urgent.length > 0 || this.#deferred.length > 0) {
      this.#start()
      await this.#running
    }
  }

  #start (): void {
    if (this.#running !== null) return
    // Waiting for the rest of this event-loop turn lets the records of requests read in the same I/O phase share a commit.
    this.#running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#drain()).finally(() => {
      this.#running = null
      // A record may have arrived after the last batch was taken but before this drain ended.
      if (this.#urgent.length > 0) this.#start()
    })
  }

  async #append (fields: AuditFields[]): Promise<number[]> {
    try {
      const { ids, head } = await appendRecords(this.#db, fields, this.#head)
      this.#head = head
      this.#onCommit?.(head)
      return ids
    } catch (error) {
      // The outcome of a failed call is unknown (it may have committed before the connection broke): read the head next time.
      this.#head = undefined
      throw error
    }
  }

  async #drain (): Promise<void> {
    while (this.#urgent.length > 0 || this.#deferred.length > 0) {
      // Urgent records first (callers wait on them); deferred ones fill the rest of the batch.
      const urgent = this.#urgent.splice(0, this.#maxBatch)
      const batch = urgent.concat(this.#deferred.splice(0, this.#maxBatch - urgent.length))
      if (this.#deferred.length === 0 && this.#lingering !== null) { clearTimeout(this.#lingering); this.#lingering = null }
      try {
        const ids = await this.#append(batch.map((w) => w.fields))
        batch.forEach((w, i) => w.resolve(ids[i] as number))
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error)
        // One bad record must not sink its neighbours: retry them one by one.
        else for (const w of batch) await this.#append([w.fields]).then(([id]) => w.resolve(id as number), w.reject)
      }
    }
  }
}
