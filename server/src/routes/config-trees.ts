import { Type } from 'typebox'
import { Value } from 'typebox/value'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConfigDraft, FileMap } from '../../../schemas/config-versions.ts'
import { UiError, configErrors, errors } from '../errors.ts'
import { contentVersion } from '../config/load.ts'
import { createDraft } from '../config/drafts.ts'
import { readVersion } from '../config/versions.ts'
import { TREE_DIR, TREE_LIMITS, packTree, unpackTree, type TreeFormat } from '../config/trees.ts'
import { operatorOf } from './config-access.ts'

const errorAnswers = { '4xx': UiError, '5xx': UiError }
/** The archive types an upload may come as; the format is read from the bytes (a zip, a gzip, else a tar). */
const ARCHIVE_TYPES = ['application/x-tar', 'application/tar', 'application/gzip', 'application/x-gzip', 'application/zip', 'application/x-zip-compressed', 'application/octet-stream']
const MIME: Record<TreeFormat, string> = { tar: 'application/x-tar', zip: 'application/zip' }
const Message = Type.String({ maxLength: 500, description: 'the draft\'s message' })
const Base = Type.Integer({ minimum: 1, description: 'the version the draft is made on (default: the live one); a publish merges it over a later live version by keys' })
/** The JSON form of an upload: the tree as path → text, the paths relative to menus/. */
const JsonUpload = Type.Object({ files: FileMap, message: Type.Optional(Message), base: Type.Optional(Base) }, { additionalProperties: false })
const UploadQuery = Type.Object({ message: Type.Optional(Message), base: Type.Optional(Base) }, { additionalProperties: false })

/**
 * The config as the menus/ tree, for teams that keep it in git: a version downloaded as a tar or zip of menus/, and a tree
 * uploaded (tar, tar.gz, zip, or JSON files) as a new draft, with the same checks as every save. ConfigEdit; both audited.
 */
export default async function configTreeRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  // Archive bodies come whole (a tree is about 1 MB); a multipart upload is the Configuration page's Upload tree form.
  app.addContentTypeParser(ARCHIVE_TYPES, { parseAs: 'buffer', bodyLimit: TREE_LIMITS.bodyBytes }, (_request, body, done) => { done(null, body) })
  await app.register(multipart, { limits: { files: 1, fields: 4, parts: 5, fileSize: TREE_LIMITS.bodyBytes } })

  app.get('/ui/config/versions/:number/tree', {
    schema: {
      summary: 'A version as the menus/ tree: a tar (default) or zip of its files at menus/<path>, to keep in git (ConfigEdit); the download is audited',
      tags: ['config'],
      params: Type.Object({ number: Type.Integer({ minimum: 1, description: 'the version number' }) }),
      querystring: Type.Object({ format: Type.Optional(Type.Union([Type.Literal('tar'), Type.Literal('zip')], { description: 'tar (default) or zip' })) }),
      response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the archive' }), ...errorAnswers }
    }
  }, async (request, reply) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const format = request.query.format ?? 'tar'
    const version = await readVersion(app.store, request.params.number)
    if (!version) throw configErrors.CONFIG_VERSION_NOT_FOUND(String(request.params.number))
    const { rows: [made] } = await app.store.query<{ created_at: Date | string }>('SELECT created_at FROM config_versions WHERE id = $1', [version.number])
    const archive = packTree(version.files, format, new Date(made?.created_at ?? Date.now()))
    await app.audit.record(app.audit.entryFor(request, { action: 'config-download', ...operator.actor, detail: { version: version.number, digest: version.contentVersion, format } }))
    return reply
      .header('content-type', MIME[format])
      .header('content-disposition', `attachment; filename="${TREE_DIR}-v${version.number}.${format}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength))
  })

  /** The uploaded tree and the draft's message and base, from whichever body the request has. */
  const uploaded = async (request: FastifyRequest): Promise<{ files: Record<string, string>, message?: string | undefined, base?: number | undefined }> => {
    if (request.isMultipart()) {
      const fields: Record<string, string> = {}
      let files: Record<string, string> | undefined
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') files = unpackTree(await part.toBuffer())
          else if (typeof part.value === 'string') fields[part.fieldname] = part.value
        }
      } catch (error) {
        const code = (error as { code?: string }).code
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw configErrors.CONFIG_TREE_TOO_LARGE(`over ${TREE_LIMITS.bodyBytes / 1024 / 1024} MiB`)
        if (code?.startsWith('FST_') === true) throw configErrors.CONFIG_TREE_UNREADABLE((error as Error).message)
        throw error
      }
      if (files === undefined) throw configErrors.CONFIG_TREE_UNREADABLE('the form holds no file: choose the tar, tar.gz or zip of the menus/ folder')
      // The form sends its fields as text: an empty one is left out, a base read as a number.
      const query: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''))
      if (typeof query.base === 'string') query.base = Number(query.base)
      if (!Value.Check(UploadQuery, query)) throw errors.badRequest(`body/${[...Value.Errors(UploadQuery, query)][0]?.instancePath.slice(1) ?? 'message'}`)
      return { files, ...(query as { message?: string, base?: number }) }
    }
    if (Buffer.isBuffer(request.body)) {
      const query = request.query as Record<string, unknown>
      return { files: unpackTree(request.body), message: query.message as string | undefined, base: query.base as number | undefined }
    }
    if (!Value.Check(JsonUpload, request.body)) {
      const first = [...Value.Errors(JsonUpload, request.body)][0]
      throw errors.badRequest(`body${first?.instancePath ?? ''} ${first?.message ?? 'must be { files: { path: text } }'}`)
    }
    return request.body
  }

  app.post('/ui/config/drafts/upload', {
    bodyLimit: TREE_LIMITS.bodyBytes,
    schema: {
      summary: 'Start a draft from an uploaded menus/ tree (ConfigEdit): refused with each problem at its file and pointer when it would not load, and nothing saved',
      description: `The body is a tar, tar.gz or zip of the tree (${ARCHIVE_TYPES.join(', ')}; message and base in the query), a multipart form with the archive as its file (the Configuration page's Upload tree), or JSON { files: { path: text }, message?, base? }. Its files are the whole config: a file left out of the tree is removed in the draft. Paths are those a draft may hold (menu.json, api.json, i18n/en.json, i18n/zh.json, pages/, columns/ and fragments/<name>.json), inside one top folder (menus/) or at the top.`,
      tags: ['config'],
      querystring: UploadQuery,
      response: { 200: ConfigDraft, ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const { files, message, base } = await uploaded(request)
    const draft = await createDraft(app.store, operator.userId, { base, message, files })
    await app.audit.record(app.audit.entryFor(request, {
      action: 'config-draft-upload',
      ...operator.actor,
      detail: { draft: draft.id, base: draft.base, files: Object.keys(files).length, digest: contentVersion(new Map(Object.entries(draft.files))) }
    }))
    return draft
  })
}
