import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { appendFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ChainHead } from './chain.ts'

// The chain's head anchored outside the table it protects: a writer of audit_log can delete the newest records and
// the rest still verifies, but not the signed checkpoints in a file under DATA_DIR, which no database user can write or sign.

/** One signed checkpoint: the head an appender committed, and when. */
export interface Checkpoint {
  id: number
  hash: string
  at: string
  mac: string
}

/** The append-only checkpoint file under DATA_DIR; none for DATA_DIR=memory:// (tests keep nothing on disk). */
export function anchorFile (dataDir: string): string | undefined {
  return dataDir.startsWith('memory://') ? undefined : join(dataDir, 'audit-anchors.log')
}

/** The checkpoint signing key, derived from the session key (SESSION_SECRET or DATA_DIR/session.key), which the database never holds. */
export function anchorKey (sessionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionKey, 'betting-backoffice/audit-anchor', 'audit checkpoint key v1', 32))
}

const macOf = (key: Buffer, id: number, hash: string, at: string) => createHmac('sha256', key).update(`${id}\n${hash}\n${at}`).digest('hex')

/** A checkpoint of head signed with key. */
export function signCheckpoint (key: Buffer, head: ChainHead, at: Date = new Date()): Checkpoint {
  const time = at.toISOString()
  return { id: head.id, hash: head.hash, at: time, mac: macOf(key, head.id, head.hash, time) }
}

/** Whether a checkpoint carries the signature of key. */
export function checkpointSigned (key: Buffer, checkpoint: Checkpoint): boolean {
  const expected = Buffer.from(macOf(key, checkpoint.id, checkpoint.hash, checkpoint.at), 'hex')
  const given = Buffer.from(String(checkpoint.mac), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The checkpoints of the file (none when it does not exist yet); a line that is not a signed checkpoint is named in bad. */
export async function readCheckpoints (file: string, key: Buffer): Promise<{ checkpoints: Checkpoint[], bad: number[] }> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { checkpoints: [], bad: [] }
    throw error
  }
  const lines = text.split('\n')
  // A crash mid-append leaves at most a torn last line, without its newline: not a forgery.
  if (lines[lines.length - 1] !== '') lines.pop()
  const checkpoints: Checkpoint[] = []
  const bad: number[] = []
  lines.forEach((line, i) => {
    if (line === '') return
    try {
      const checkpoint = JSON.parse(line) as Checkpoint
      if (Number.isSafeInteger(checkpoint.id) && typeof checkpoint.hash === 'string' && typeof checkpoint.at === 'string' && checkpointSigned(key, checkpoint)) checkpoints.push(checkpoint)
      else bad.push(i + 1)
    } catch {
      bad.push(i + 1)
    }
  })
  return { checkpoints, bad }
}

/**
 * Appends a checkpoint after every committed batch, off the audit path: while one line is being written, later heads
 * coalesce and only the newest is written next. Several instances may share the file (each line is one small append).
 */
export class AnchorWriter {
  readonly #file: string
  readonly #key: Buffer
  readonly #onError: (error: unknown) => void
  #pending: ChainHead | undefined
  #writing: Promise<void> | null = null

  constructor (file: string, key: Buffer, onError: (error: unknown) => void) {
    this.#file = file
    this.#key = key
    this.#onError = onError
  }

  /** Notes a committed head; its checkpoint is written soon after. */
  note (head: ChainHead): void {
    if (this.#pending === undefined || head.id > this.#pending.id) this.#pending = head
    this.#writing ??= this.#drain().finally(() => { this.#writing = null })
  }

  /** Resolves once every noted head is written. */
  async flush (): Promise<void> {
    while (this.#writing !== null) await this.#writing
  }

  async #drain (): Promise<void> {
    for (let head = this.#pending; head !== undefined; head = this.#pending) {
      this.#pending = undefined
      await appendFile(this.#file, `${JSON.stringify(signCheckpoint(this.#key, head))}\n`, { mode: 0o600 }).catch(this.#onError)
    }
  }
}
