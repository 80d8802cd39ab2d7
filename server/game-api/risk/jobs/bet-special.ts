// Generating a special bet as a durable job: one ticket of the level's special numbers for its account on one draw, recorded once per level and draw.
import type { Db } from '../../../shared/db.ts'
import type { JobHandler } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { findRole } from '../../lib/store/users.ts'
import { errors } from '../../lib/errors.ts'
import { placeOrder } from '../../betting/api.ts'
import { loadBetSpecial, linesToPlace } from '../store/bet-special.ts'
import { finishSpecialRun, recordSpecialRun, specialRunOf, type BetSpecialPayload } from '../store/bet-special-runs.ts'
import { outsetErrors } from '../errors.ts'

export { BET_SPECIAL_JOB } from '../store/bet-special-runs.ts'

/** The handler: reads the settings, places the ticket through ordinary placement with the run recorded in its transaction. */
export function betSpecialJob (db: Db, now: () => Date): JobHandler<BetSpecialPayload> {
  return {
    async run (job, context) {
      const { userId, drawId } = job.payload
      const done = await specialRunOf(db, userId, drawId)
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
          if (!await recordSpecialRun(tx, { userId, drawId, jobId: job.id, lines: numbers.length }, now())) throw outsetErrors.betSpecialDone(drawId, '')
        },
        finish: async (tx, answer) => {
          await finishSpecialRun(tx, { userId, drawId }, answer.ticketNo, answer.stake)
          await context.progress(numbers.length, numbers.length, jobMessages.specialTicket({ ticket: answer.ticketNo }), tx)
        }
      }, now())
      return jobMessages.specialPlaced({ ticket: placed.ticketNo, user: setting.bettorId, count: numbers.length, stake: placed.stake.toFixed(2) })
    }
  }
}
