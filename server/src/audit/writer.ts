import type { Db } from '../../shared/db.ts'
import type { AuditFields } from './record.ts'
import { appendRecords } from './store.ts'

interface Waiting {
  fields: AuditFields
  resolve: (id: number) => void
  reject: (error: unknown) => void
}

/** Group commit: records that arrive while a batch is being written go together in the next transaction; each caller still waits for its own commit. */
export class AuditWriter {
  readonly #db: Db
  readonly #maxBatch: number
  #queue: Waiting[] = []
  #running = false

  constructor (db: Db, maxBatch = 200) {
    this.#db = db
    this.#maxBatch = maxBatch
  }

  /** Resolves with the record's id once its transaction has committed; rejects when the store refused it. */
  append (fields: AuditFields): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ fields, resolve, reject })
      if (this.#running) return
      this.#running = true
      // Waiting for the rest of this event-loop turn lets the records of requests read in the same I/O phase share a commit.
      setImmediate(() => { this.#drain().catch(reject) })
    })
  }

  async #drain (): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#maxBatch)
        try {
          const ids = await appendRecords(this.#db, batch.map((w) => w.fields))
          batch.forEach((w, i) => w.resolve(ids[i] as number))
        } catch (error) {
          if (batch.length === 1) batch[0]?.reject(error)
          // One bad record must not sink its neighbours: retry them one by one.
          else for (const w of batch) await appendRecords(this.#db, [w.fields]).then(([id]) => w.resolve(id as number), w.reject)
        }
      }
    } finally {
      this.#running = false
    }
  }
}
