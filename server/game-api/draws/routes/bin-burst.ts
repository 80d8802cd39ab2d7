import { Type, type TSchema } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import type { Caller } from '../../lib/caller.ts'
import { callerOf } from '../../plugins/auth.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { FinaliseStatusSchema } from '../jobs/finalise.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import { applyImport, applyImportStatus, confirmImport, confirmImportStatus, finaliseReportOf, finaliseSteps, importResultFile, previewImport, resultImports } from '../api-results.ts'

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
  const importStatusRoutes = (path: string, answer: TSchema, read: (caller: Caller, importId: number) => Promise<unknown>) => {
    app.get(`${path}/status`, { onRequest: app.gaRequireAdmin, schema: { querystring: ImportQuery, response: envelope(answer) } },
      async (request) => ok(await read(callerOf(request), request.query.ImportId)))
    app.get(`${path}/:id/status`, { onRequest: app.gaRequireAdmin, schema: { params: Type.Object({ id: IdField }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(answer) } },
      async (request) => ok(await read(callerOf(request), request.params.id)))
  }

  app.get('/result/r5', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(DrawStepSchema)) }
  }, async (request) => ok(await finaliseSteps(app.db, callerOf(request), { game })))

  // result/binConfirm/report names the import; either call may name the draw.
  for (const path of ['/result/r5/report', '/result/binConfirm/report'] as const) {
    app.post(path, {
      onRequest: app.gaRequireAdmin,
      schema: { body: Type.Object({ DrawId: Type.Optional(IdField), ImportId: Type.Optional(IdField), LocId: LocIdField }), response: envelope(ReportSchema) }
    }, async (request) => ok(await finaliseReportOf(app.db, callerOf(request), { game, drawId: request.body.DrawId, importId: request.body.ImportId })))
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
  }, async (request) => ok(await importResultFile(app.db, callerOf(request), { game, drawId: request.body.DrawId, content: request.body.Content, fileName: request.body.FileName, locId: request.body.LocId })))

  app.get('/binBurstImport', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(ImportSchema)) }
  }, async (request) => ok(await resultImports(app.db, callerOf(request), { game, locId: request.query.LocId })))

  app.get('/binBurstImportAdmin', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(ImportSchema)) }
  }, async (request) => ok(await resultImports(app.db, callerOf(request), { game, allLocations: true })))

  app.put('/generateBurstImportPayOut', {
    onRequest: app.gaRequireAdmin,
    schema: { body: ImportBody, response: envelope(PreviewSchema) }
  }, async (request) => ok(await previewImport(app.db, callerOf(request), { game, importId: request.body.ImportId })))

  app.post('/result/binBurst', {
    onRequest: app.gaRequireAdmin,
    schema: { body: ImportBody, response: envelope(BurstStatusSchema) }
  }, async (request) => {
    const status = await applyImport(app.db, callerOf(request), { game, importId: request.body.ImportId })
    app.jobs.wake()
    return ok(status)
  })

  importStatusRoutes('/result/binBurst', BurstStatusSchema, (caller, importId) => applyImportStatus(app.db, caller, { game, importId }))

  app.post('/result/binConfirm', {
    onRequest: app.gaRequireAdmin,
    schema: { body: ImportBody, response: envelope(ConfirmStatusSchema) }
  }, async (request) => {
    const status = await confirmImport(app.db, callerOf(request), { game, importId: request.body.ImportId })
    app.jobs.wake()
    return ok(status)
  })

  importStatusRoutes('/result/binConfirm', ConfirmStatusSchema, (caller, importId) => confirmImportStatus(app.db, caller, { game, importId }))
}

export default binBurstRoutes
