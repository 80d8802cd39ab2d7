// Fixed Process runs by itself for every new draw: creating draws queues the durable fixed-process job for them, in the same transaction.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { fixedSubjectOf } from '../rules/fixed-subject.ts'
import { enqueueJob } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'

/** The job kind the runner knows the fixed process by; its subject is the game (4 for 4D, 7 for TOTO). */
export const FIXED_JOB = 'fixed-process'

/** Queues the fixed process for these just-created draws when the game has standing orders (the job places each order once per draw). */
export async function queueFixedForNewDraws (q: Queryable, game: Game, drawIds: number[], userId: string | null): Promise<number | undefined> {
  if (drawIds.length === 0) return undefined
  const { rows } = await q.query('SELECT 1 FROM fixed_bets WHERE game = $1 AND active LIMIT 1', [game])
  if (rows.length === 0) return undefined
  return enqueueJob(q, { kind: FIXED_JOB, subjectId: fixedSubjectOf(game), userId, payload: { game, drawIds }, message: jobMessages.fixedWaitingDraws({ count: drawIds.length, draws: drawIds.join(', ') }) })
}
