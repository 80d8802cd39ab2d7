import { Type } from 'typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConfigChange, ConfigChangeSummary, ConfigDraft, ConfigDraftSummary, MergeConflict } from '../../../schemas/config-versions.ts'
import { CataloguedError, UiError } from '../errors.ts'
import { contentVersion } from '../config/load.ts'
import { approveDraft, createDraft, discardDraft, listDrafts, publishDraft, readDraft, rebaseDraft, saveDraftFile, saveDraftFiles } from '../config/drafts.ts'
import { diffVersions, summariseChanges } from '../config/keyed-diff.ts'
import { liveNumber, readVersion } from '../config/versions.ts'
import { operatorOf, type Operator } from './config-access.ts'
import { factsOf } from './ui/support.ts'
import { draftConfig, userView } from '../config/draft-view.ts'
import { MenuGroupView } from '../../../schemas/menu.ts'

const DraftId = Type.Object({ id: Type.Integer({ minimum: 1, description: 'the draft number' }) })
const Revision = Type.Integer({ minimum: 1, description: 'the revision you read: a draft saved since is refused (409) instead of overwritten' })
const Message = Type.String({ maxLength: 500 })
const DraftPath = { minLength: 1, maxLength: 120 }
/** A file's new text, or null to remove it. */
const FileText = Type.Union([Type.String({ maxLength: 800_000 }), Type.Null()])
const errorAnswers = { '4xx': UiError, '5xx': UiError }
/** One side of a preview: the user's menu, and the page asked for (its descriptor, or why there is none: forbidden, not-found, moved). */
const PreviewSide = Type.Object({
  menu: Type.Array(MenuGroupView),
  page: Type.Union([Type.Object({ status: Type.String(), descriptor: Type.Optional(Type.Unknown()) }), Type.Null()])
})

/** The digest an audit record keeps of a draft's files: their content hash, the same as a version's. */
const digestOf = (files: Readonly<Record<string, string>>) => contentVersion(new Map(Object.entries(files)))

/**
 * The config console's drafts (Utilities → Configuration): start one from a version, change its files with the same checks as
 * every load, approve, rebase onto the live version, publish or discard. ConfigEdit for all, ConfigApprove to approve; every
 * write is audited with the draft, its revision and a digest of its files.
 */
export default async function configDraftRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const audited = async (request: FastifyRequest, operator: Operator, action: string, detail: Record<string, unknown>) => {
    await app.audit.record(app.audit.entryFor(request, { action, ...operator.actor, detail }))
  }

  app.get('/ui/config/drafts', {
    schema: {
      summary: 'Config drafts, newest first (ConfigEdit)',
      tags: ['config'],
      querystring: Type.Object({ state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('published'), Type.Literal('discarded')])) }),
      response: { 200: Type.Object({ drafts: Type.Array(ConfigDraftSummary) }), ...errorAnswers }
    }
  }, async (request, reply) => {
    await operatorOf(app, request, 'ConfigEdit')
    reply.header('cache-control', 'no-store')
    return { drafts: await listDrafts(app.store, request.query.state) }
  })

  app.post('/ui/config/drafts', {
    schema: {
      summary: 'Start a draft from a version (the live one when none is named) (ConfigEdit)',
      tags: ['config'],
      body: Type.Object({ base: Type.Optional(Type.Integer({ minimum: 1 })), message: Type.Optional(Message) }, { additionalProperties: false }),
      response: { 200: ConfigDraft, ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const draft = await createDraft(app.store, operator.userId, request.body)
    await audited(request, operator, 'config-draft-create', { draft: draft.id, base: draft.base, digest: digestOf(draft.files) })
    return draft
  })

  app.get('/ui/config/drafts/:id', {
    schema: { summary: 'A draft with its files (ConfigEdit)', tags: ['config'], params: DraftId, response: { 200: ConfigDraft, ...errorAnswers } }
  }, async (request, reply) => {
    await operatorOf(app, request, 'ConfigEdit')
    reply.header('cache-control', 'no-store')
    return readDraft(app.store, request.params.id)
  })

  app.get('/ui/config/drafts/:id/diff', {
    schema: {
      summary: 'What publishing the draft would change against the live version, by menu item, widget, column and text (ConfigEdit)',
      tags: ['config'],
      params: DraftId,
      response: { 200: Type.Object({ live: Type.Integer(), changes: Type.Array(ConfigChange), summary: ConfigChangeSummary }), ...errorAnswers }
    }
  }, async (request, reply) => {
    await operatorOf(app, request, 'ConfigEdit')
    const draft = await readDraft(app.store, request.params.id)
    const live = await liveNumber(app.store)
    const liveFiles = live === null ? {} : (await readVersion(app.store, live))?.files ?? {}
    const changes = diffVersions(liveFiles, draft.files)
    reply.header('cache-control', 'no-store')
    return { live: live ?? 0, changes, summary: summariseChanges(changes) }
  })

  app.get('/ui/config/drafts/:id/preview', {
    schema: {
      summary: 'A user\'s menu and one page as the draft would serve them, beside the live ones, without anyone else seeing it (ConfigEdit; read with your own rights)',
      description: 'Reads the user\'s facts (profile, location, settings) with the operator\'s own game API rights, as GET /ui/explain does; the draft is resolved apart from the live config and its caches, and the read is audited.',
      tags: ['config'],
      params: DraftId,
      querystring: Type.Object({
        user: Type.String({ minLength: 1, maxLength: 50, description: 'the user to preview as' }),
        LocId: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'the location (the user\'s first when absent)' })),
        mobile: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
        path: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^/', description: 'a page to resolve, e.g. /report/full' }))
      }),
      response: { 200: Type.Object({ user: Type.String(), LocId: Type.String(), draft: PreviewSide, live: PreviewSide, changed: Type.Object({ menu: Type.Boolean(), page: Type.Boolean() }) }), ...errorAnswers }
    }
  }, async (request, reply) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const draft = await readDraft(app.store, request.params.id)
    const config = draftConfig(draft.files)
    const session = app.sessions.read(request)
    const { user, LocId, path } = request.query
    const facts = await factsOf(app, request, session?.token ?? '', user, LocId, request.query.mobile === '1')
    await audited(request, operator, 'config-preview', { draft: draft.id, revision: draft.revision, user, LocId: facts.location.LocId, path: path ?? null })
    // Resolved from each config apart: nothing of the draft enters the page cache the live answers are served from.
    const [next, live] = [userView(config, facts.ctx, path), userView(app.configStore.current(), facts.ctx, path)]
    reply.header('cache-control', 'no-store')
    return { user, LocId: facts.location.LocId, draft: next, live, changed: { menu: JSON.stringify(next.menu) !== JSON.stringify(live.menu), page: JSON.stringify(next.page) !== JSON.stringify(live.page) } }
  })

  app.put('/ui/config/drafts/:id/files', {
    schema: {
      summary: 'Write (text) or remove (null) one file of a draft; refused with each problem at its file and pointer when the config would not load (ConfigEdit)',
      tags: ['config'],
      params: DraftId,
      body: Type.Object({
        path: Type.String({ ...DraftPath, description: 'menu.json, api.json, i18n/en.json, i18n/zh.json, or pages/, columns/ or fragments/<name>.json' }),
        text: FileText,
        revision: Revision,
        message: Type.Optional(Message)
      }, { additionalProperties: false }),
      response: { 200: ConfigDraft, ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const { path, text, revision, message } = request.body
    const draft = await saveDraftFile(app.store, request.params.id, operator.userId, { path, text, revision, message })
    await audited(request, operator, 'config-draft-save', { draft: draft.id, revision: draft.revision, path, removed: text === null, digest: digestOf(draft.files) })
    return draft
  })

  app.patch('/ui/config/drafts/:id/files', {
    schema: {
      summary: 'Write or remove several files of a draft as one revision, all or none (a column set and the catalogues holding its labels); refused as PUT is (ConfigEdit)',
      tags: ['config'],
      params: DraftId,
      body: Type.Object({
        files: Type.Record(Type.String(DraftPath), FileText, {
          minProperties: 1, maxProperties: 20, description: 'path (as PUT names it) → its new text, or null to remove it'
        }),
        revision: Revision,
        message: Type.Optional(Message)
      }, { additionalProperties: false }),
      response: { 200: ConfigDraft, ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const { files, revision, message } = request.body
    const draft = await saveDraftFiles(app.store, request.params.id, operator.userId, { files, revision, message })
    const paths = Object.keys(files)
    await audited(request, operator, 'config-draft-save', { draft: draft.id, revision: draft.revision, paths, removed: paths.filter((p) => files[p] === null), digest: digestOf(draft.files) })
    return draft
  })

  app.post('/ui/config/drafts/:id/rebase', {
    schema: {
      summary: 'Move the draft onto the live version, merged by keys; where both changed a place the draft keeps its side and the conflicts are listed (ConfigEdit)',
      tags: ['config'],
      params: DraftId,
      body: Type.Object({ revision: Revision }, { additionalProperties: false }),
      response: { 200: Type.Object({ draft: ConfigDraft, conflicts: Type.Array(MergeConflict) }), ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const result = await rebaseDraft(app.store, request.params.id, operator.userId, request.body.revision)
    await audited(request, operator, 'config-draft-rebase', { draft: result.draft.id, base: result.draft.base, revision: result.draft.revision, conflicts: result.conflicts.length, digest: digestOf(result.draft.files) })
    return result
  })

  app.post('/ui/config/drafts/:id/approve', {
    schema: {
      summary: 'Approve the draft\'s current revision (ConfigApprove; not by anyone who edited it; a later save voids it)',
      tags: ['config'],
      params: DraftId,
      body: Type.Object({ revision: Revision }, { additionalProperties: false }),
      response: { 200: ConfigDraft, ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigApprove')
    const draft = await approveDraft(app.store, request.params.id, operator.userId, request.body.revision).catch(async (error: unknown) => {
      // Approving one's own change is a refused authority, audited as every other refusal.
      if (error instanceof CataloguedError && error.code === 'UI_CONFIG_SELF_APPROVAL') await app.audit.recordDenial(request, error, { ...operator.actor, detail: { draft: request.params.id } })
      throw error
    })
    await audited(request, operator, 'config-approve', { draft: draft.id, revision: draft.revision, digest: digestOf(draft.files) })
    return draft
  })

  app.post('/ui/config/drafts/:id/publish', {
    schema: {
      summary: 'Publish the draft as the live version on every instance (ConfigEdit; approved first when CONFIG_APPROVALS=2)',
      tags: ['config'],
      params: DraftId,
      body: Type.Object({ revision: Revision, message: Type.Optional(Message) }, { additionalProperties: false }),
      response: { 200: Type.Object({ number: Type.Integer({ minimum: 1 }), merged: Type.Boolean({ description: 'whether the draft was merged over a later live version' }) }), ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const previous = app.configStore.versionNumber()
    const published = await publishDraft(app.store, request.params.id, operator.userId, { revision: request.body.revision, message: request.body.message ?? '', approvals: app.settings.CONFIG_APPROVALS })
    await app.configStore.sync(true)
    await audited(request, operator, 'config-publish', { draft: request.params.id, revision: request.body.revision, version: published.number, previous, merged: published.merged, digest: published.contentVersion })
    return { number: published.number, merged: published.merged }
  })

  app.post('/ui/config/drafts/:id/discard', {
    schema: {
      summary: 'Close the draft without publishing it (ConfigEdit)',
      tags: ['config'],
      params: DraftId,
      body: Type.Object({ revision: Revision }, { additionalProperties: false }),
      response: { 200: ConfigDraft, ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const draft = await discardDraft(app.store, request.params.id, request.body.revision)
    await audited(request, operator, 'config-draft-discard', { draft: draft.id, revision: draft.revision })
    return draft
  })
}
