// The terms decisions: the user's current answer and every decision recorded with its time.
import type { Queryable } from '../../../shared/db.ts'

/** Records the user's decision on the terms and sets whether they are accepted. */
export async function recordTermsDecision (q: Queryable, userId: string, decision: 'accept' | 'disagree', now: Date): Promise<void> {
  await q.query('UPDATE users SET terms_accepted = $2 WHERE user_id = $1', [userId, decision === 'accept'])
  await q.query('INSERT INTO terms_decisions (user_id, decision, at) VALUES ($1, $2, $3)', [userId, decision, now])
}
