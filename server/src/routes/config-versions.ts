import { Type } from 'typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConfigChange, ConfigChangeSummary, ConfigVersionList, ConfigVersionQuery, FileMap } from '../../../schemas/config-versions.ts'
import { UiError, configErrors } from '../errors.ts'
import { bearerMatches } from '../audit/access.ts'
import { rollbackTo } from '../config/drafts.ts'
import { diffVersions, summariseChanges } from '../config/keyed-diff.ts'
import { listVersions, liveNumber, readVersion } from '../config/versions.ts'
import { operatorOf } from './config-access.ts'

const VersionNumber = Type.Object({ number: Type.Integer({ minimum: 1, description: 'the version number' }) })
const errorAnswers = { '4xx': UiError, '5xx': UiError }

/**
 * The versions of the operator config in the store: the list (ConfigEdit holders, or Bearer OPS_TOKEN tooling), a version's
 * files (the menus/ tree, for teams that keep config in git), its changes against another version, and rollback to it.
 */
export default async function configVersionsRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  // OPS_TOKEN tooling reads the list; people need ConfigEdit.
  const reader = async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined && bearerMatches(request.headers.authorization, app.settings.OPS_TOKEN)) return
    await operatorOf(app, request, 'ConfigEdit')
  }
  const versionOf = async (number: number) => {
    const version = await readVersion(app.store, number)
    if (!version) throw configErrors.CONFIG_VERSION_NOT_FOUND(String(number))
    return version
  }

  app.get('/ui/config/versions', {
    schema: {
      summary: 'The versions of the operator config, newest first (number, content hash, author, message, parent, time, live); ConfigEdit or Bearer OPS_TOKEN',
      tags: ['config'],
      security: [{ opsToken: [] }, { session: [] }],
      querystring: ConfigVersionQuery,
      response: { 200: ConfigVersionList, ...errorAnswers }
    }
  }, async (request, reply) => {
    await reader(request)
    reply.header('cache-control', 'no-store')
    const limit = request.query.limit ?? 50
    const versions = await listVersions(app.store, limit, request.query.before)
    const last = versions.at(-1)
    return { versions, nextBefore: versions.length === limit && last !== undefined && last.number > 1 ? last.number : null }
  })

  app.get('/ui/config/versions/:number/files', {
    schema: {
      summary: 'A version\'s files, path → text: the menus/ tree to keep in git, or to upload as a draft (ConfigEdit); the read is audited',
      tags: ['config'],
      params: VersionNumber,
      response: { 200: Type.Object({ number: Type.Integer(), contentVersion: Type.String(), files: FileMap }), ...errorAnswers }
    }
  }, async (request, reply) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const version = await versionOf(request.params.number)
    await app.audit.record(app.audit.entryFor(request, { action: 'config-download', ...operator.actor, detail: { version: version.number, digest: version.contentVersion } }))
    reply.header('cache-control', 'no-store')
    return { number: version.number, contentVersion: version.contentVersion, files: version.files }
  })

  app.get('/ui/config/versions/:number/diff', {
    schema: {
      summary: 'What changed from another version (default: the live one) to this one, by menu item, widget, column and text (ConfigEdit)',
      tags: ['config'],
      params: VersionNumber,
      querystring: Type.Object({ against: Type.Optional(Type.Integer({ minimum: 1, description: 'the version to compare with (default: the live one)' })) }),
      response: { 200: Type.Object({ against: Type.Integer(), changes: Type.Array(ConfigChange), summary: ConfigChangeSummary }), ...errorAnswers }
    }
  }, async (request, reply) => {
    await operatorOf(app, request, 'ConfigEdit')
    const version = await versionOf(request.params.number)
    const against = request.query.against ?? await liveNumber(app.store) ?? version.number
    const changes = diffVersions((await versionOf(against)).files, version.files)
    reply.header('cache-control', 'no-store')
    return { against, changes, summary: summariseChanges(changes) }
  })

  app.post('/ui/config/versions/:number/rollback', {
    schema: {
      summary: 'Make an earlier version live again, as a new version, once it passes today\'s checks (ConfigEdit); refused whole with its problems otherwise',
      tags: ['config'],
      params: VersionNumber,
      body: Type.Object({ message: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false }),
      response: { 200: Type.Object({ number: Type.Integer({ minimum: 1 }) }), ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const previous = app.configStore.versionNumber()
    const number = await rollbackTo(app.store, request.params.number, operator.userId, request.body.message ?? '')
    await app.configStore.sync(true)
    await app.audit.record(app.audit.entryFor(request, { action: 'config-rollback', ...operator.actor, detail: { to: request.params.number, version: number, previous } }))
    return { number }
  })
}
