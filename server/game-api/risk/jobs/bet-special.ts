// Generating a special bet as a durable job: one ticket of the level's special numbers for its account on one draw, recorded once per level and draw.
import type { Db } from '../../../shared/db.ts'
import type { JobHandler } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { findRole } from '../../lib/users.ts'
import { errors } from '../../lib/errors.ts'
import { placeOrder } from '../../betting/api.ts'
import { loadBetSpecial, linesToPlace } from '../store/bet-special.ts'
import { outsetErrors } from '../errors.ts'

/** The job kind the runner knows it by. */
export const BET_SPECIAL_JOB = 'bet-special'

/** Whose settings (the level's account), placed on which draw; the job's own user places the ticket. */
export interface BetSpecialPayload { userId: string, drawId: number }

/** The handler: reads the settings, places the ticket through ordinary placement with the run recorded in its transaction. */
export function betSpecialJob (db: Db, now: () => Date): JobHandler<BetSpecialPayload> {
  return {
    async run (job, context) {
      const { userId, drawId } = job.payload
      const { rows: [done] } = await db.query<{ ticket_no: string | null }>('SELECT ticket_no FROM bet_special_runs WHERE user_id = $1 AND draw_id = $2', [userId, drawId])
      if (done) return jobMessages.specialDone({ draw: drawId, ticket: done.ticket_no ?? '' })
      const setting = await loadBetSpecial(db, userId)
      const numbers = await linesToPlace(db, setting, drawId)
      if (numbers.length === 0) return jobMessages.specialNothing()
      await context.progress(0, numbers.length, jobMessages.specialPlacing({ count: numbers.length }))
      // Placed by whoever started the job (a staff admin for its company), as a fixed bet is; the settings' owner for a job without one.
      const placerId = job.userId ?? userId
      const role = await findRole(db, placerId)
      if (role === undefined) throw errors.userNotFound(placerId)
      const placed = await placeOrder(db, {
        user: { userId: placerId, role, tokenHash: '' },
        userId: setting.bettorId,
        game: '4D',
        drawIds: [drawId],
        source: 'special',
        fourD: numbers.map((number) => ({ number, form: 'straight', big: setting.big, small: setting.small })),
        // In the ticket's transaction: the primary key lets one generation per level and draw through.
        record: async (tx) => {
          const { rows } = await tx.query('INSERT INTO bet_special_runs (user_id, draw_id, job_id, lines, stake, created_at) VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT DO NOTHING RETURNING 1',
            [userId, drawId, job.id, numbers.length, now()])
          if (rows.length === 0) throw outsetErrors.betSpecialDone(drawId, '')
        },
        finish: async (tx, answer) => {
          await tx.query('UPDATE bet_special_runs SET ticket_no = $3, stake = $4 WHERE user_id = $1 AND draw_id = $2', [userId, drawId, answer.ticketNo, answer.stake])
          await context.progress(numbers.length, numbers.length, jobMessages.specialTicket({ ticket: answer.ticketNo }), tx)
        }
      }, now())
      return jobMessages.specialPlaced({ ticket: placed.ticketNo, user: setting.bettorId, count: numbers.length, stake: placed.stake.toFixed(2) })
    }
  }
}
