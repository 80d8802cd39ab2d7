import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import multipart from '@fastify/multipart'
import type { Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import { MAX_FILE_NAME } from '../rules/file-name.ts'
import {
  MAX_FILE_BYTES, fileProcessStatus, filesOf, processFile, relabelFiles, removeFile, uploadDbfFile, uploadLzhArchive, uploadTextFile
} from '../api.ts'
import { readUploadForm } from '../../lib/upload-form.ts'
import { FileSchema } from '../schemas.ts'

const LineErrorSchema = Type.Object({ Line: Type.Integer(), Position: Type.Integer(), Message: Type.String() })
const StatusSchema = Type.Object({
  JobId: Type.Integer(),
  FileId: Type.Integer(),
  Status: Type.String(),
  Progress: Type.Integer(),
  ...JobMessageSchema,
  FileStatus: Type.String(),
  Lines: Type.Integer(),
  Placed: Type.Integer(),
  Failed: Type.Integer(),
  Errors: Type.Array(LineErrorSchema)
})

/** Bet files: multipart upload, list, delete, and processing as a durable job (jobs/runner.ts) started with one call and polled with another. */
const fileRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 20 } })

  app.post('/files/upload', { schema: { response: envelope(FileSchema) } },
    async (request) => ok(await uploadTextFile(app.db, callerOf(request), { game, form: await readUploadForm(request) })))

  // A dBase table of bets: its rows become bet text lines, processed by the same upload job.
  app.post('/files/upload/dbf', { schema: { response: envelope(FileSchema) } },
    async (request) => ok(await uploadDbfFile(app.db, callerOf(request), { game, form: await readUploadForm(request) })))

  // An LHA (.lzh) archive of bet files: each file in it is stored as a text upload of its own, all or none.
  app.post('/files/upload/lzh', { schema: { response: envelope(Type.Array(FileSchema)) } },
    async (request) => ok(await uploadLzhArchive(app.db, callerOf(request), { game, form: await readUploadForm(request) })))

  app.put('/files/updateFilesBatchByFileId', {
    schema: {
      body: Type.Object({
        FileIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: 500, description: 'the files to label' })),
        FileId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'or: the one file (what a files list row holds)' })),
        Batch: Type.String({ maxLength: 50, description: 'the batch label; empty clears it' }),
        FileName: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_FILE_NAME, description: 'a new name, when one file is given' })),
        LocId: LocIdField
      }),
      response: envelope(Type.Array(FileSchema))
    }
  }, async (request) => {
    const { FileIds: fileIds, FileId: fileId, Batch: batch, FileName: fileName } = request.body
    return ok(await relabelFiles(app.db, callerOf(request), { game, fileIds, fileId, batch, fileName }))
  })

  app.get('/files', {
    schema: { querystring: Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField }), response: envelope(Type.Array(FileSchema)) }
  }, async (request) => ok(await filesOf(app.db, callerOf(request), { game, userId: request.query.UserId })))

  app.delete('/files/:FileId', {
    schema: { params: Type.Object({ FileId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Literal(true)) }
  }, async (request) => ok(await removeFile(app.db, callerOf(request), { fileId: request.params.FileId })))

  app.post('/files/processUpload/:id', {
    schema: {
      params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
      querystring: Type.Object({ StrictNumber: Type.Optional(Type.Boolean()), AcceptDecimals: Type.Optional(Type.Boolean()), LocId: LocIdField }),
      response: envelope(Type.Object({ JobId: Type.Integer(), FileId: Type.Integer(), Status: Type.String() }))
    }
  }, async (request) => {
    const queued = await processFile(app.db, callerOf(request), { fileId: request.params.id, strictNumber: request.query.StrictNumber, acceptDecimals: request.query.AcceptDecimals })
    // The job runner (any instance's) runs it after the answer; the status call reports it.
    app.jobs.wake()
    return ok(queued)
  })

  app.get('/files/processUpload/:id/status', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(StatusSchema) }
  }, async (request) => ok(await fileProcessStatus(app.db, callerOf(request), { fileId: request.params.id })))
}

export default fileRoutes
