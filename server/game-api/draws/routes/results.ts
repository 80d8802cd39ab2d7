import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { flatResult, resultOf } from '../rules/result-input.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { confirmSuperPassword } from '../../lib/super-password.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { DrawResultSchema } from '../../betting/schemas.ts'
import { toDrawAnswer } from '../rules/draw-answer.ts'
import { bettingErrors } from '../../betting/errors.ts'
import { FINALISE_JOB, FinaliseStatusSchema, finaliseStatus, queueFinaliseJob } from '../jobs/finalise.ts'
import { previewDraw } from '../store/preview.ts'
import { resetDraw } from '../store/reset.ts'
import { existingDraw } from '../store/draw-by-id.ts'
import { writeCheckedResult } from '../store/draw-lists.ts'
import { activeJobId } from '../../jobs/status.ts'

const DrawIdField = Type.Integer({ minimum: 1, maximum: 2147483647 })

const PreviewSchema = Type.Object({
  DrawId: Type.Integer(),
  IsFinalised: Type.Boolean(),
  Tiers: Type.Array(Type.Object({ Prize: Type.String(), Hits: Type.Integer(), Bets: Type.Integer(), Tickets: Type.Integer(), Payout: Type.Number() })),
  WinningBets: Type.Integer(),
  WinningTickets: Type.Integer(),
  Stake: Type.Number(),
  Commission: Type.Number(),
  Payout: Type.Number(),
  OperatorResult: Type.Number(),
  Summary: Type.Array(Type.Object({ WinningBets: Type.Integer(), WinningTickets: Type.Integer(), Stake: Type.Number(), Commission: Type.Number(), Payout: Type.Number(), OperatorResult: Type.Number() }))
})
const ResetSchema = Type.Object({ DrawId: Type.Integer(), Reversed: Type.Integer(), Bets: Type.Integer(), ResultCleared: Type.Boolean() })

/** Results of the prefix's game (ADMIN): entry, preview, finalising as a job with its status, and reset. */
const resultRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  const drawOf = (drawId: number) => existingDraw(app.db, drawId, { game })

  app.post('/draw/result', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        DrawId: DrawIdField,
        Result: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'the result as JSON; or the form\'s flat fields below' })),
        First: Type.Optional(Type.String({ maxLength: 10 })),
        Second: Type.Optional(Type.String({ maxLength: 10 })),
        Third: Type.Optional(Type.String({ maxLength: 10 })),
        Starters: Type.Optional(Type.String({ maxLength: 200, description: '10 numbers, spaces or commas between' })),
        Consolations: Type.Optional(Type.String({ maxLength: 200 })),
        Winning: Type.Optional(Type.String({ maxLength: 100, description: '6 numbers, spaces or commas between' })),
        Additional: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 10 })])),
        LocId: LocIdField
      }),
      response: envelope(DrawResultSchema)
    }
  }, async (request) => {
    const user = caller(request)
    const { DrawId: drawId } = request.body
    const result = resultOf(game, request.body.Result ?? flatResult(game, request.body))
    const now = app.gaNow()
    const saved = await app.db.transaction(async (tx) => {
      const updated = await writeCheckedResult(tx, game, drawId, result, now, FINALISE_JOB)
      await app.gaAudit(tx, request, { userId: user.userId, action: 'draw.result', detail: { DrawId: drawId } })
      return updated
    })
    return ok({ ...toDrawAnswer(saved, now), Result: result as unknown as Record<string, unknown> })
  })

  app.get('/result/report', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(PreviewSchema) }
  }, async (request) => {
    await drawOf(request.query.DrawId)
    const preview = await previewDraw(app.db, request.query.DrawId)
    // The totals again as a one-row list, so a table shows them under the tiers.
    const { Tiers: _t, DrawId: _d, IsFinalised: _f, ...totals } = preview
    return ok({ ...preview, Summary: [totals] })
  })

  app.post('/result/r5', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(FinaliseStatusSchema) }
  }, async (request) => {
    const user = caller(request)
    const { DrawId: drawId } = request.body
    await queueFinaliseJob(app.db, game, drawId, user.userId, app.gaNow(),
      (tx, jobId) => app.gaAudit(tx, request, { userId: user.userId, action: 'draw.finalise', detail: { DrawId: drawId, JobId: jobId, kind: FINALISE_JOB } }))
    // Any instance's runner takes it; this one is woken so a single instance starts at once.
    app.jobs.wake()
    return ok(await finaliseStatus(app.db, drawId))
  })

  app.get('/result/r5/:id/status', {
    onRequest: app.gaRequireAdmin,
    schema: { params: Type.Object({ id: DrawIdField }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(FinaliseStatusSchema) }
  }, async (request) => {
    await drawOf(request.params.id)
    return ok(await finaliseStatus(app.db, request.params.id))
  })

  // reset6 undoes finalising and keeps the result (to correct rates or bets and finalise again); reset7 clears the result too.
  for (const [path, clearResult] of [['/result/reset6/:id', false], ['/result/reset7/:id', true]] as const) {
    app.put(path, {
      onRequest: app.gaRequireAdmin,
      schema: {
        params: Type.Object({ id: DrawIdField }),
        body: Type.Object({ SuperPassword: Type.Optional(PlainText({ maxLength: 200, description: 'the caller\'s super password, confirming the reset' })), LocId: LocIdField }),
        response: envelope(ResetSchema)
      }
    }, async (request) => {
      const user = caller(request)
      const drawId = request.params.id
      // A reset reverses payments already booked: confirmed with the super password before anything is read or locked.
      await confirmSuperPassword(app.db, user.userId, request.body.SuperPassword, app.gaNow())
      const summary = await app.db.transaction(async (tx) => {
        if (await activeJobId(tx, FINALISE_JOB, drawId) !== undefined) throw bettingErrors.drawBusy(drawId)
        const reset = await resetDraw(tx, game, drawId, clearResult, app.gaNow())
        await app.gaAudit(tx, request, { userId: user.userId, action: clearResult ? 'draw.reset7' : 'draw.reset6', detail: { ...reset } })
        return reset
      })
      return ok(summary)
    })
  }
}

export default resultRoutes
