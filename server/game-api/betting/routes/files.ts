import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { caller } from '../../plugins/auth.ts'
import { bettingErrors } from '../errors.ts'
import { assertSelfOrDownline, groupOf, subjectOf } from '../../lib/downline-access.ts'
import { JobMessageSchema, findJob } from '../../jobs/status.ts'
import { UPLOAD_JOB, betLines, queueUploadJob } from '../jobs/upload.ts'
import { dbfBetLines } from '../rules/dbf-lines.ts'
import { readDbfTable } from '../store/dbf-table.ts'
import { readLhaArchive } from '../store/lha-archive.ts'
import { MAX_FILE_NAME, fileNameProblem } from '../rules/file-name.ts'
import { usableDistributor } from '../../risk/api.ts'
import { accountErrors } from '../../accounts/errors.ts'

const MAX_FILE_BYTES = 1024 * 1024
const truthy = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1

const FileSchema = Type.Object({
  FileId: Type.Integer(),
  UserId: Type.String(),
  FileName: Type.String(),
  Game: Type.String(),
  FileStatus: Type.String(),
  StrictNumber: Type.Boolean(),
  AcceptDecimals: Type.Boolean(),
  Remarks: Type.String(),
  Batch: Type.String(),
  Lines: Type.Integer(),
  Placed: Type.Integer(),
  Failed: Type.Integer(),
  UploadedDate: Type.String(),
  PartnerId: Type.Union([Type.Integer(), Type.Null()])
})
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

interface FileRow { file_id: number, user_id: string, name: string, game: string, file_status: string, strict_number: boolean, accept_decimals: boolean, remarks: string, batch: string, content: string, line_count: number, placed_count: number, failed_count: number, uploaded_at: Date, errors: unknown, partner_id: number | null }

const toFile = (r: FileRow) => ({
  FileId: Number(r.file_id),
  UserId: r.user_id,
  FileName: r.name,
  Game: r.game,
  FileStatus: r.file_status,
  StrictNumber: r.strict_number,
  AcceptDecimals: r.accept_decimals,
  Remarks: r.remarks,
  Batch: r.batch,
  Lines: Number(r.line_count),
  Placed: Number(r.placed_count),
  Failed: Number(r.failed_count),
  UploadedDate: zoneIso(new Date(r.uploaded_at)),
  PartnerId: r.partner_id === null ? null : Number(r.partner_id)
})

/** Bet files: multipart upload, list, delete, and processing as a durable job (jobs/runner.ts) started with one call and polled with another. */
const fileRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 20 } })

  const fileOf = async (fileId: number, user: ReturnType<typeof caller>) => {
    const { rows: [file] } = await app.db.query<FileRow>('SELECT * FROM files WHERE file_id = $1', [fileId])
    if (!file) throw bettingErrors.fileNotFound(fileId)
    await assertSelfOrDownline(app.db, user, file.user_id, 'file')
    return file
  }

  /** The multipart form: its fields and the one file sent as `file`. */
  /** Refuses a file name the store would keep badly: a browser sends an empty one for a file input left empty; an odd one is unreadable or too long. */
  const refuseFileName = (name: string) => {
    const problem = fileNameProblem(name)
    if (problem === 'empty') throw bettingErrors.fileMissing()
    if (problem === 'unreadable') throw bettingErrors.fileNameUnreadable()
    if (problem === 'long') throw bettingErrors.fileNameLong([...name].length, MAX_FILE_NAME)
  }

  const readForm = async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw bettingErrors.fileMissing()
    const fields: Record<string, string> = {}
    let file: { name: string, content: Buffer } | undefined
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer()
        if (part.fieldname === 'file') file = { name: part.filename, content }
      } else {
        fields[part.fieldname] = String(part.value)
      }
    }
    if (!file) throw bettingErrors.fileMissing()
    refuseFileName(file.name)
    return { fields, file }
  }

  /** Stores an upload's bet texts as files to process (all or none), after the owner, upload right and location checks every format shares. */
  const saveUploads = async (request: FastifyRequest, fields: Record<string, string>, texts: Array<{ name: string, text: string }>, format: string, partnerId: number | null = null) => {
    const user = caller(request)
    // The named owner (the caller or a downline), else the caller's account: a staff admin uploads onto the company's, as it places fixed bets.
    const owner = await subjectOf(app.db, user, fields.UserId)
    const { rows: [allowed] } = await app.db.query<{ ok: boolean }>('SELECT enable_upload = 1 AS ok FROM users WHERE user_id = $1', [user.userId])
    if (!allowed?.ok) throw bettingErrors.betNotAllowed(user.userId)
    if (fields.LocId) {
      const { rows } = await app.db.query('SELECT 1 FROM user_locations WHERE user_id = $1 AND loc_id = $2', [user.userId, fields.LocId])
      if (rows.length === 0) throw errors.locationNotAvailable(fields.LocId)
    }
    return app.db.transaction(async (tx) => {
      const saved: FileRow[] = []
      for (const { name, text } of texts) {
        const lines = betLines(text).length
        const { rows: [row] } = await tx.query<FileRow>(
          `INSERT INTO files (user_id, game, name, content, strict_number, accept_decimals, remarks, line_count, uploaded_at, batch, partner_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
          [owner, game, name, text, fields.StrictNumber === undefined ? true : truthy(fields.StrictNumber), truthy(fields.AcceptDecimals), (fields.Remarks ?? '').slice(0, 500), lines, app.gaNow(), (fields.Batch ?? '').slice(0, 50), partnerId])
        await app.gaAudit(tx, request, { userId: user.userId, action: 'file.upload', detail: { FileId: Number(row?.file_id), name, lines, format, PartnerId: partnerId } })
        saved.push(row as FileRow)
      }
      return saved
    })
  }
  /** One upload as one file. */
  const saveUpload = async (request: FastifyRequest, fields: Record<string, string>, name: string, text: string, format: string, partnerId: number | null = null) =>
    (await saveUploads(request, fields, [{ name, text }], format, partnerId))[0] as FileRow

  /** A text upload's content; refused when it is not UTF-8 text. */
  const textOf = (content: Buffer) => {
    const text = content.toString('utf8')
    if (text.includes('\u0000') || text.includes('\uFFFD')) throw bettingErrors.fileNotText()
    return text
  }

  app.post('/files/upload', { schema: { response: envelope(FileSchema) } }, async (request) => {
    const { fields, file } = await readForm(request)
    return ok(toFile(await saveUpload(request, fields, file.name, textOf(file.content), 'text')))
  })

  // A partner's bets file: the same upload, recording the partner (a distributor the uploader may use) the bets came from.
  app.post('/bet/page/uploadPartner', { schema: { response: envelope(FileSchema) } }, async (request) => {
    const { fields, file } = await readForm(request)
    const partnerId = Number(fields.PartnerId)
    if (!/^[1-9][0-9]{0,9}$/.test(fields.PartnerId ?? '') || partnerId > 2147483647) throw accountErrors.outOfRange('body/PartnerId', Number.isFinite(partnerId) ? partnerId : 0, 2147483647)
    // The outlets of the caller's account (a staff admin's: the company's, those its partner picker lists).
    await usableDistributor(app.db, await subjectOf(app.db, caller(request)), partnerId)
    return ok(toFile(await saveUpload(request, fields, file.name, textOf(file.content), 'partner', partnerId)))
  })

  // A dBase table of bets: its rows become bet text lines (betting/rules/dbf-lines.ts), processed by the same upload job.
  app.post('/files/upload/dbf', { schema: { response: envelope(FileSchema) } }, async (request) => {
    const { fields, file } = await readForm(request)
    let table: Awaited<ReturnType<typeof readDbfTable>>
    try {
      table = await readDbfTable(file.content)
    } catch (error) {
      throw bettingErrors.fileNotDbf(error instanceof Error ? error.message.replace(/\/[^ ]*upload\.dbf/g, 'the file') : 'unreadable')
    }
    const read = dbfBetLines(table.fields, table.records)
    if ('problem' in read) throw bettingErrors.fileNotDbf(read.problem)
    return ok(toFile(await saveUpload(request, fields, file.name, read.lines.join('\n'), 'dbf')))
  })

  // An LHA (.lzh) archive of bet files, read with Debian's lhasa: each file in it is stored as a text upload of its own, all or none.
  app.post('/files/upload/lzh', { schema: { response: envelope(Type.Array(FileSchema)) } }, async (request) => {
    const { fields, file } = await readForm(request)
    const texts = (await readLhaArchive(file.content, MAX_FILE_BYTES)).map(({ name, content }) => {
      refuseFileName(name)
      try {
        return { name, text: textOf(content) }
      } catch {
        throw bettingErrors.lzhMemberNotText(name)
      }
    })
    return ok((await saveUploads(request, fields, texts, 'lzh')).map(toFile))
  })

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
    const user = caller(request)
    const { FileIds: list, FileId: one, Batch: batch, FileName: name } = request.body
    // A row's dialog sends its one FileId; ticked rows send FileIds.
    if ((list === undefined) === (one === undefined)) throw bettingErrors.filesWhich()
    const ids = list ?? [one as number]
    if (name !== undefined && ids.length !== 1) throw bettingErrors.renameOneFile()
    if (name !== undefined && fileNameProblem(name) !== undefined) throw bettingErrors.fileNameUnreadable()
    const saved = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<FileRow>('SELECT * FROM files WHERE file_id = ANY($1::int[]) AND game = $2 ORDER BY file_id FOR UPDATE', [ids, game])
      const unique = [...new Set(ids)]
      if (rows.length !== unique.length) throw bettingErrors.filesNotFound(unique.filter((id) => !rows.some((r) => Number(r.file_id) === id)).join(', '))
      for (const row of rows) await assertSelfOrDownline(tx, user, row.user_id, 'file')
      const { rows: updated } = await tx.query<FileRow>(
        'UPDATE files SET batch = $2, name = COALESCE($3, name) WHERE file_id = ANY($1::int[]) RETURNING *', [unique, batch.trim(), name ?? null])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'file.batch', detail: { FileIds: unique, Batch: batch.trim(), ...(name === undefined ? {} : { FileName: name }) } })
      return updated.sort((a, b) => Number(a.file_id) - Number(b.file_id))
    })
    return ok(saved.map(toFile))
  })

  app.get('/files', {
    schema: { querystring: Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField }), response: envelope(Type.Array(FileSchema)) }
  }, async (request) => {
    const user = caller(request)
    const root = await subjectOf(app.db, user, request.query.UserId)
    // Without UserId the files of the whole group the Owner picker lists (bet/userIds): a file uploaded for a downline is listed where it was uploaded.
    const owners = request.query.UserId ? [root] : (await groupOf(app.db, root)).map((m) => m.UserId)
    const { rows } = await app.db.query<FileRow>('SELECT * FROM files WHERE user_id = ANY($1::text[]) AND game = $2 ORDER BY file_id DESC LIMIT 500', [owners, game])
    return ok(rows.map(toFile))
  })

  app.delete('/files/:FileId', {
    schema: { params: Type.Object({ FileId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Literal(true)) }
  }, async (request) => {
    const user = caller(request)
    const file = await fileOf(request.params.FileId, user)
    if (file.file_status === 'processing') throw bettingErrors.fileBusy(file.file_id, 'processing')
    await app.db.transaction(async (tx) => {
      // Tickets placed from the file stay; they only lose the link to it.
      await tx.query('UPDATE tickets SET file_id = NULL WHERE file_id = $1', [file.file_id])
      await tx.query('DELETE FROM jobs WHERE kind = $1 AND subject_id = $2', [UPLOAD_JOB, file.file_id])
      await tx.query('DELETE FROM files WHERE file_id = $1', [file.file_id])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'file.delete', detail: { FileId: Number(file.file_id) } })
    })
    return ok(true as const)
  })

  app.post('/files/processUpload/:id', {
    schema: {
      params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
      querystring: Type.Object({ StrictNumber: Type.Optional(Type.Boolean()), AcceptDecimals: Type.Optional(Type.Boolean()), LocId: LocIdField }),
      response: envelope(Type.Object({ JobId: Type.Integer(), FileId: Type.Integer(), Status: Type.String() }))
    }
  }, async (request) => {
    const user = caller(request)
    const fileId = request.params.id
    const overrides = { strictNumber: request.query.StrictNumber, acceptDecimals: request.query.AcceptDecimals }
    const jobId = await queueUploadJob(app.db, fileId, user, overrides, (tx, owner) => assertSelfOrDownline(tx, user, owner))
    // The job runner (any instance's) runs it after the answer; the status call reports it.
    app.jobs.wake()
    return ok({ JobId: jobId, FileId: fileId, Status: 'queued' })
  })

  app.get('/files/processUpload/:id/status', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(StatusSchema) }
  }, async (request) => {
    // The job is read before the file: a job ends after its file's figures are committed, so a done job never shows a file still processing.
    const job = await findJob(app.db, { kind: UPLOAD_JOB, subjectId: request.params.id })
    const file = await fileOf(request.params.id, caller(request))
    if (!job) throw bettingErrors.jobNotFound(file.file_id)
    return ok({
      JobId: job.JobId,
      FileId: Number(file.file_id),
      Status: job.Status,
      Progress: job.Progress,
      Message: job.Message,
      MessageCode: job.MessageCode,
      MessageValues: job.MessageValues,
      FileStatus: file.file_status,
      Lines: Number(file.line_count),
      Placed: Number(file.placed_count),
      Failed: Number(file.failed_count),
      Errors: file.errors as Array<{ Line: number, Position: number, Message: string }>
    })
  })
}

export default fileRoutes
