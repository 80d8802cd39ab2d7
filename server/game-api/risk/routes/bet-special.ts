// Bet Special (4D): GET getBetSpecialSetting1 and 2, PUT updateBetSpecialSetting, PUT generateBetSpecial (queues the job), GET generateBetSpecial/{id}/status.
import { Type, type Static } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SPECIAL_PATTERNS, patternNumbers } from '../rules/special-numbers.ts'
import { enqueueJob, percentDone } from '../../jobs/runner.ts'
import { JobMessageSchema, messageFieldsOf } from '../../jobs/status.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { bettingErrors } from '../../betting/errors.ts'
import { assertSelfOrDownline, subjectOf } from '../../lib/downline-access.ts'
import { assertOutSet } from '../store/out-set.ts'
import { BET_SPECIAL_JOB, type BetSpecialPayload } from '../jobs/bet-special.ts'
import { linesToPlace, loadBetSpecial, saveBetSpecial, type BetSpecialSetting } from '../store/bet-special.ts'
import { outsetErrors } from '../errors.ts'
import { drawById, drawTakesBetsSql } from '../../draws/api.ts'
import { errors } from '../../lib/errors.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Pattern = Type.Enum([...SPECIAL_PATTERNS], { description: SPECIAL_PATTERNS.join(', ') })
// In cents at most: checked by the one cents rule, as JSON Schema's multipleOf 0.01 refuses binary fractions such as 0.07.
const Money = Type.Number({ minimum: 0, maximum: 100000 })
const Series = Type.Union([Type.Literal('SG4D'), Type.Literal('MG4D')])
const Setting1 = Type.Object({
  Patterns: Type.Array(Pattern),
  Numbers: Type.Array(Type.String({ pattern: '^\\d{4}$' })),
  NumbersText: Type.String({ description: 'Numbers as one text, spaces between (what the page\'s form edits)' }),
  Big: Type.Number(),
  Small: Type.Number(),
  Count: Type.Integer({ description: 'how many numbers the setting plays' }),
  PatternChoices: Type.Array(Type.Object({ Pattern, Count: Type.Integer(), Example: Type.String() }))
})
const Setting2 = Type.Object({ UserId: Type.String(), Series, SkipPlaced: Type.Boolean(), MaxStake: Type.Number() })
const Update = Type.Object({
  Patterns: Type.Optional(Type.Array(Pattern, { maxItems: SPECIAL_PATTERNS.length, uniqueItems: true })),
  Numbers: Type.Optional(Type.Array(Type.String({ pattern: '^\\d{4}$', description: 'a 4-digit number' }), { maxItems: 500 })),
  NumbersText: Type.Optional(Type.String({ maxLength: 2500, pattern: '^[\\d\\s,]*$', description: '4-digit numbers, spaces or commas between (instead of Numbers)' })),
  Big: Type.Optional(Money),
  Small: Type.Optional(Money),
  UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  Series: Type.Optional(Series),
  SkipPlaced: Type.Optional(Type.Boolean()),
  MaxStake: Type.Optional(Type.Number({ minimum: 0, maximum: 10000000 })),
  LocId: LocIdField
})
const Status = Type.Object({
  JobId: Type.Integer(),
  Status: Type.String(),
  Progress: Type.Integer({ minimum: 0, maximum: 100 }),
  ...JobMessageSchema,
  TicketNo: Type.Union([Type.String(), Type.Null()]),
  Lines: Type.Integer(),
  Stake: Type.Number()
})

const setting1Of = (s: BetSpecialSetting, count: number): Static<typeof Setting1> => ({
  Patterns: s.patterns,
  Numbers: s.numbers,
  NumbersText: s.numbers.join(' '),
  Big: s.big,
  Small: s.small,
  Count: count,
  PatternChoices: SPECIAL_PATTERNS.map((p) => ({ Pattern: p, Count: patternNumbers(p).length, Example: patternNumbers(p)[1] ?? '' }))
})
const setting2Of = (s: BetSpecialSetting): Static<typeof Setting2> => ({ UserId: s.bettorId, Series: s.series, SkipPlaced: s.skipPlaced, MaxStake: s.maxStake })
/** The numbers of the form's text; each must be 4 digits (the text's length keeps them to 500). */
function numbersOfText (text: string): string[] {
  const numbers = text.split(/[\s,]+/).filter((n) => n !== '')
  const bad = numbers.find((n) => !/^\d{4}$/.test(n))
  if (bad !== undefined) throw outsetErrors.badNumber(bad, 'a 4-digit number such as 1234')
  return numbers
}
const countOf = (s: BetSpecialSetting) => new Set([...s.patterns.flatMap(patternNumbers), ...s.numbers]).size

/** The Bet Special calls: the caller's own level (a staff admin's: the company's), OutSet needed. */
const betSpecialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => { await assertOutSet(app.db, caller(request)) })
  const Query = Type.Object({ LocId: LocIdField })

  app.get('/getBetSpecialSetting1', { schema: { querystring: Query, response: envelope(Setting1) } }, async (request) => {
    const s = await loadBetSpecial(app.db, await subjectOf(app.db, caller(request)))
    return ok(setting1Of(s, countOf(s)))
  })

  app.get('/getBetSpecialSetting2', { schema: { querystring: Query, response: envelope(Setting2) } }, async (request) => {
    return ok(setting2Of(await loadBetSpecial(app.db, await subjectOf(app.db, caller(request)))))
  })

  app.put('/updateBetSpecialSetting', { schema: { body: Update, response: envelope(Type.Object({ Setting1, Setting2 })) } }, async (request) => {
    const user = caller(request)
    const b = request.body
    for (const [field, value] of [['Big', b.Big], ['Small', b.Small], ['MaxStake', b.MaxStake]] as const) if (value !== undefined && !inWholeCents(value)) throw errors.fieldNotCents(`body/${field}`, value)
    const numbers = b.Numbers ?? (b.NumbersText === undefined ? undefined : numbersOfText(b.NumbersText))
    if (b.UserId !== undefined) await assertSelfOrDownline(app.db, user, b.UserId)
    const account = await subjectOf(app.db, user)
    const saved = await app.db.transaction(async (tx) => {
      const s = await loadBetSpecial(tx, account)
      const next: BetSpecialSetting = {
        patterns: b.Patterns ?? s.patterns,
        numbers: numbers === undefined ? s.numbers : [...new Set(numbers)].sort(),
        big: b.Big ?? s.big,
        small: b.Small ?? s.small,
        bettorId: b.UserId ?? s.bettorId,
        series: b.Series ?? s.series,
        skipPlaced: b.SkipPlaced ?? s.skipPlaced,
        maxStake: b.MaxStake ?? s.maxStake
      }
      await saveBetSpecial(tx, account, next, user.userId, app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'betSpecial.setting', detail: { Account: account, ...b } })
      return next
    })
    return ok({ Setting1: setting1Of(saved, countOf(saved)), Setting2: setting2Of(saved) })
  })

  app.put('/generateBetSpecial', {
    schema: { body: Type.Object({ DrawId: Type.Optional(Id), LocId: LocIdField }), response: envelope(Type.Object({ JobId: Type.Integer(), DrawId: Type.Integer(), Lines: Type.Integer() })) }
  }, async (request) => {
    const user = caller(request)
    const account = await subjectOf(app.db, user)
    const answer = await app.db.transaction(async (tx) => {
      const s = await loadBetSpecial(tx, account)
      if (countOf(s) === 0 || s.big + s.small <= 0) throw outsetErrors.betSpecialEmpty()
      const { rows: [draw] } = request.body.DrawId === undefined
        ? await tx.query<{ draw_id: number }>(`SELECT draw_id FROM draws d WHERE series = $1 AND ${drawTakesBetsSql('d', '$2')} ORDER BY close_at LIMIT 1`, [s.series, app.gaNow()])
        : { rows: [await drawById(tx, request.body.DrawId, { game: '4D' })] }
      if (!draw) throw request.body.DrawId === undefined ? outsetErrors.noDraw(s.series) : bettingErrors.drawNotFound(request.body.DrawId)
      const drawId = Number(draw.draw_id)
      const { rows: [done] } = await tx.query<{ ticket_no: string | null }>('SELECT ticket_no FROM bet_special_runs WHERE user_id = $1 AND draw_id = $2', [account, drawId])
      if (done) throw outsetErrors.betSpecialDone(drawId, done.ticket_no ?? '')
      // The account's settings and its one run per draw; the job is the caller's, who polls it and places the ticket.
      const payload: BetSpecialPayload = { userId: account, drawId }
      // One try: a refusal by placement (credit, a closed draw, a limit) would be refused again; the user starts it anew.
      const jobId = await enqueueJob(tx, { kind: BET_SPECIAL_JOB, subjectId: drawId, userId: user.userId, payload, maxAttempts: 1, message: jobMessages.specialWaiting() })
      await app.gaAudit(tx, request, { userId: user.userId, action: 'betSpecial.generate', detail: { Account: account, JobId: jobId, DrawId: drawId } })
      return { JobId: jobId, DrawId: drawId, Lines: (await linesToPlace(tx, s, drawId)).length }
    })
    app.jobs.wake()
    return ok(answer)
  })

  app.get('/generateBetSpecial/:id/status', { schema: { params: Type.Object({ id: Id }), querystring: Query, response: envelope(Status) } }, async (request) => {
    const { rows: [job] } = await app.db.query<{ job_id: number, status: string, done_count: number, total_count: number, message: string, message_code: string, message_values: unknown, ticket_no: string | null, lines: number | null, stake: string | null }>(
      `SELECT j.job_id, j.status, j.done_count, j.total_count, j.message, j.message_code, j.message_values, r.ticket_no, r.lines, r.stake FROM jobs j
       LEFT JOIN bet_special_runs r ON r.job_id = j.job_id WHERE j.job_id = $1 AND j.kind = $2 AND j.user_id = $3`, [request.params.id, BET_SPECIAL_JOB, caller(request).userId])
    if (!job) throw outsetErrors.betSpecialJobNotFound(request.params.id)
    return ok({
      JobId: Number(job.job_id),
      Status: job.status,
      Progress: percentDone(job.status, Number(job.done_count), Number(job.total_count)),
      ...messageFieldsOf(job),
      TicketNo: job.ticket_no,
      Lines: Number(job.lines ?? 0),
      Stake: Number(job.stake ?? 0)
    })
  })
}

export default betSpecialRoutes
