// The risk module's Out Setting 2 reads: the numbers of a draw a level keeps up to its limits or above them, and the processing jobs'
// status, (db, caller, input) → result. Beside api.ts, which holds the writes and would grow past its size with these.
import type { Db } from '../../shared/db.ts'
import type { Game } from '../../../schemas/game/index.ts'
import type { Caller } from '../lib/caller.ts'
import { subjectOf } from '../lib/downline-access.ts'
import { isoDateOf } from '../draws/api.ts'
import { findJob, type JobState } from '../jobs/status.ts'
import { outsetErrors } from './errors.ts'
import { OUTSET_PROCESS_JOB } from './jobs/process.ts'
import { OUTSET_PROCESS2_JOB } from './jobs/rules.ts'
import { assertOutSet } from './store/out-set.ts'
import { drawOf } from './store/draw-of.ts'
import { reachedWhere, standings } from './store/excess.ts'
import { above } from './rules/limit-excess.ts'

const round = (v: number) => Math.round(v * 100) / 100

/** A played number as Out Setting 2 lists it: what the level keeps of each bet type, its limits, and what is kept above them. */
export interface StandingLine { Number: string, KeptBig: number, LimitBig: number | null, KeptSmall: number, LimitSmall: number | null, KeptUnits: number, LimitUnits: number | null, Excess: number }

/**
 * outSetting2Full (exceed false: kept has reached the limit) and outSetting2Exceed (exceed true: kept is above it, a limit lowered after the
 * bets), per played number of a draw (the one named, else the next to close, else the latest), net of throws; OutSet needed. A staff admin
 * watches the company's intake.
 */
export async function limitStandingsOf (db: Db, caller: Caller, input: { game: Game, exceed: boolean, drawId?: number | undefined, userId?: string | undefined }): Promise<{ DrawId: number | null, DrawDate: string | null, UserId: string, rows: StandingLine[] }> {
  await assertOutSet(db, caller.user)
  const { game } = input
  const userId = await subjectOf(db, caller.user, input.userId)
  const draw = await drawOf(db, game, input.drawId, caller.now)
  if (!draw) return { DrawId: null, DrawDate: null, UserId: userId, rows: [] }
  const rows = await standings(db, game, Number(draw.draw_id), userId, reachedWhere(input.exceed))
  return {
    DrawId: Number(draw.draw_id),
    DrawDate: isoDateOf(draw.draw_date),
    UserId: userId,
    rows: rows.map((r) => ({
      Number: r.number,
      KeptBig: round(r.big),
      LimitBig: r.lb,
      KeptSmall: round(r.small),
      LimitSmall: r.ls,
      KeptUnits: round(r.units),
      LimitUnits: r.lu,
      Excess: round(above(r.big, r.lb) + above(r.small, r.ls) + above(r.units, r.lu))
    }))
  }
}

/** The processing jobs by their number on Out Setting 2: 1 throws every excess to one distributor, 2 throws it by the distributors' rules. */
const PROCESSES = {
  1: { kind: OUTSET_PROCESS_JOB, missing: outsetErrors.jobNotFound },
  2: { kind: OUTSET_PROCESS2_JOB, missing: outsetErrors.process2JobNotFound }
} as const

/** The status of one of the caller's processing jobs (outsettingProcess1 or 2); OutSet needed; 404 when the job is not one of the caller's of that process. */
export async function outsetProcessStatus (db: Db, caller: Caller, input: { process: 1 | 2, jobId: number }): Promise<JobState> {
  await assertOutSet(db, caller.user)
  const { kind, missing } = PROCESSES[input.process]
  const job = await findJob(db, { kind, jobId: input.jobId, userId: caller.user.userId })
  if (!job) throw missing(input.jobId)
  return job
}
