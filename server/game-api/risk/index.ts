// The risk module: its one entry, registering its game calls and its jobs (out-setting processing and rules, Bet Special).
import type { FastifyInstance } from 'fastify'
import { mountGameRoutes } from '../plugins/mount.ts'
import { BET_SPECIAL_JOB, betSpecialJob } from './jobs/bet-special.ts'
import { OUTSET_PROCESS_JOB, outsetProcessJob } from './jobs/process.ts'
import { OUTSET_PROCESS2_JOB, OUTSET_RULE_JOB, outsetRuleJob } from './jobs/rules.ts'
import riskRoutes from './routes/index.ts'

/** Registers the risk module: its jobs, and its calls under each game's prefix. */
export default async function riskModule (app: FastifyInstance): Promise<void> {
  const now = () => app.gaNow()
  app.jobs.register(OUTSET_PROCESS_JOB, outsetProcessJob(app.db, now))
  app.jobs.register(OUTSET_RULE_JOB, outsetRuleJob(app.db, now, 'distributors/rule/outset'))
  app.jobs.register(OUTSET_PROCESS2_JOB, outsetRuleJob(app.db, now, 'outsettingProcess2'))
  app.jobs.register(BET_SPECIAL_JOB, betSpecialJob(app.db, now))
  await mountGameRoutes(app, riskRoutes)
}
