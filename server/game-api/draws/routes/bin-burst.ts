import { Type, type TSchema } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { existingDraw } from '../store/draw-by-id.ts'
import { isoDateOf } from '../rules/draw-answer.ts'
import { drawsWithResult } from '../store/draw-lists.ts'
import { finaliseReport } from '../store/finalise-report.ts'
import { previewDraw } from '../store/preview.ts'
import { existingImport, insertImport, listImports, markImport, toImport } from '../store/result-imports.ts'
import { resultFileRows, resultOf } from '../rules/result-input.ts'
import { drawErrors } from '../errors.ts'
import { bettingErrors } from '../../betting/errors.ts'
import { FINALISE_JOB, FinaliseStatusSchema, finaliseStatus, queueFinaliseJob } from '../jobs/finalise.ts'
import { BIN_BURST_JOB, binBurstStatus, binConfirmStatus, queueBinBurstJob } from '../jobs/bin-burst.ts'
import { JobMessageSchema } from '../../jobs/status.ts'

const IdField = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Tier = Type.Object({ Prize: Type.String(), Hits: Type.Integer(), Bets: Type.Integer(), Tickets: Type.Integer(), Payout: Type.Number() })
const Totals = { WinningBets: Type.Integer(), WinningTickets: Type.Integer(), Stake: Type.Number(), Commission: Type.Number(), Payout: Type.Number(), OperatorResult: Type.Number() }
const PreviewSchema = Type.Object({ DrawId: Type.Integer(), IsFinalised: Type.Boolean(), Tiers: Type.Array(Tier), ...Totals })
const ReportSchema = Type.Object({ DrawId: Type.Integer(), IsFinalised: Type.Boolean(), Tiers: Type.Array(Tier), ...Totals, Bets: Type.Integer(), Winners: Type.Integer(), Strikes: Type.Integer() })
const DrawStepSchema = Type.Object({ ...FinaliseStatusSchema.properties, DrawDate: Type.String(), Series: Type.String() })
const ImportSchema = Type.Object({
  ImportId: Type.Integer(),
  DrawId: Type.Integer(),
  LocId: Type.String(),
  FileName: Type.String(),
  Result: Type.Record(Type.String(), Type.Unknown()),
  ImportStatus: Type.String(),
  ImportedBy: Type.String(),
  ImportedDate: Type.String(),
  AppliedDate: Type.Union([Type.String(), Type.Null()]),
  ConfirmedDate: Type.Union([Type.String(), Type.Null()])
})
const BurstStatusSchema = Type.Object({ JobId: Type.Union([Type.Integer(), Type.Null()]), ImportId: Type.Integer(), DrawId: Type.Integer(), Status: Type.String(), Progress: Type.Integer(), ...JobMessageSchema, ImportStatus: Type.String() })
const ConfirmStatusSchema = Type.Object({ ...FinaliseStatusSchema.properties, ImportId: Type.Integer() })
const ImportBody = Type.Object({ ImportId: IdField, LocId: LocIdField })
const ImportQuery = Type.Object({ ImportId: IdField, LocId: LocIdField })

/** The finalise step's list and report (result/r5), and bin burst: a result file imported, previewed, applied as a job, confirmed through finalising (ADMIN). */
const binBurstRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  /** One import job's status at both its paths: <path>/status?ImportId= (seed 001 §7) and <path>/:id/status (the import id, as the other durable jobs poll). */
  const importStatusRoutes = (path: string, answer: TSchema, read: (importId: number) => Promise<unknown>) => {
    app.get(`${path}/status`, { onRequest: app.gaRequireAdmin, schema: { querystring: ImportQuery, response: envelope(answer) } },
      async (request) => ok(await read(request.query.ImportId)))
    app.get(`${path}/:id/status`, { onRequest: app.gaRequireAdmin, schema: { params: Type.Object({ id: IdField }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(answer) } },
      async (request) => ok(await read(request.params.id)))
  }

  app.get('/result/r5', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(DrawStepSchema)) }
  }, async () => {
    const draws = await drawsWithResult(app.db, game)
    return ok(await Promise.all(draws.map(async (d) => ({ ...await finaliseStatus(app.db, Number(d.draw_id)), DrawDate: isoDateOf(d.draw_date), Series: d.series }))))
  })

  for (const path of ['/result/r5/report', '/result/binConfirm/report'] as const) {
    app.post(path, {
      onRequest: app.gaRequireAdmin,
      schema: { body: Type.Object({ DrawId: Type.Optional(IdField), ImportId: Type.Optional(IdField), LocId: LocIdField }), response: envelope(ReportSchema) }
    }, async (request) => {
      const { DrawId: drawId, ImportId: importId } = request.body
      // result/binConfirm/report names the import; either call may name the draw.
      const id = drawId ?? (importId === undefined ? undefined : Number((await existingImport(app.db, game, importId)).draw_id))
      if (id === undefined) throw bettingErrors.drawNotFound(0)
      await existingDraw(app.db, id, { game })
      return ok(await finaliseReport(app.db, id))
    })
  }

  app.post('/binBurstImport', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        DrawId: IdField,
        FileName: Type.Optional(PlainText({ maxLength: 200 })),
        Content: Type.String({ minLength: 1, maxLength: 20000, description: 'the result file: CSV rows prize,number' }),
        LocId: LocIdField
      }),
      response: envelope(ImportSchema)
    }
  }, async (request) => {
    const user = caller(request)
    const { DrawId: drawId, Content: content } = request.body
    const rows = resultFileRows(game, content)
    if ('problem' in rows) throw drawErrors.importBadFile(rows.problem)
    const result = resultOf(game, rows.raw)
    const saved = await app.db.transaction(async (tx) => {
      const draw = await existingDraw(tx, drawId, { game })
      if (draw.is_finalised) throw bettingErrors.drawFinalised(drawId)
      const row = await insertImport(tx, { drawId, game, locId: request.body.LocId || null, fileName: request.body.FileName || 'result.csv', content, result, userId: user.userId, now: app.gaNow() })
      await app.gaAudit(tx, request, { userId: user.userId, action: 'result.import', detail: { ImportId: Number(row.import_id), DrawId: drawId } })
      return row
    })
    return ok(toImport(saved))
  })

  app.get('/binBurstImport', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(ImportSchema)) }
  }, async (request) => ok((await listImports(app.db, game, request.query.LocId || null)).map(toImport)))

  app.get('/binBurstImportAdmin', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(ImportSchema)) }
  }, async () => ok((await listImports(app.db, game, undefined)).map(toImport)))

  app.put('/generateBurstImportPayOut', {
    onRequest: app.gaRequireAdmin,
    schema: { body: ImportBody, response: envelope(PreviewSchema) }
  }, async (request) => {
    const user = caller(request)
    const importId = request.body.ImportId
    const preview = await app.db.transaction(async (tx) => {
      const row = await existingImport(tx, game, importId, true)
      if (row.status !== 'imported' && row.status !== 'previewed') throw drawErrors.importApplied(importId)
      // The payouts the staged result would make, settled by the same code as finalising, nothing written to the bets.
      const figures = await previewDraw(tx, Number(row.draw_id), row.result)
      await markImport(tx, importId, 'previewed', { preview: figures }, app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'result.importPreview', detail: { ImportId: importId, Payout: figures.Payout } })
      return figures
    })
    return ok(preview)
  })

  app.post('/result/binBurst', {
    onRequest: app.gaRequireAdmin,
    schema: { body: ImportBody, response: envelope(BurstStatusSchema) }
  }, async (request) => {
    const user = caller(request)
    const importId = request.body.ImportId
    await queueBinBurstJob(app.db, game, importId, user.userId,
      (tx, jobId) => app.gaAudit(tx, request, { userId: user.userId, action: 'result.importApply', detail: { ImportId: importId, JobId: jobId, kind: BIN_BURST_JOB } }))
    app.jobs.wake()
    return ok(await binBurstStatus(app.db, game, importId))
  })

  importStatusRoutes('/result/binBurst', BurstStatusSchema, (importId) => binBurstStatus(app.db, game, importId))

  app.post('/result/binConfirm', {
    onRequest: app.gaRequireAdmin,
    schema: { body: ImportBody, response: envelope(ConfirmStatusSchema) }
  }, async (request) => {
    const user = caller(request)
    const importId = request.body.ImportId
    const row = await existingImport(app.db, game, importId)
    if (row.status !== 'applied' && row.status !== 'confirmed') throw drawErrors.importNotApplied(importId)
    const drawId = Number(row.draw_id)
    // Confirming finalises the draw through the one finalise job; the import is marked confirmed with the job queued.
    await queueFinaliseJob(app.db, game, drawId, user.userId, app.gaNow(), async (tx, jobId) => {
      await markImport(tx, importId, 'confirmed', {}, app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'draw.finalise', detail: { DrawId: drawId, JobId: jobId, ImportId: importId, kind: FINALISE_JOB } })
    })
    app.jobs.wake()
    return ok(await binConfirmStatus(app.db, game, importId))
  })

  importStatusRoutes('/result/binConfirm', ConfirmStatusSchema, (importId) => binConfirmStatus(app.db, game, importId))
}

export default binBurstRoutes
