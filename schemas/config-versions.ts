import { Type, type Static } from 'typebox'
import { ConfigProblem } from './config-status.ts'

/** What a version changed against its parent, computed once when it is made: a count and the first changes' lines, or the initial import's file count. */
export const ConfigVersionChanges = Type.Object({
  initial: Type.Boolean({ description: 'the first version (no parent): count is its number of files' }),
  count: Type.Integer({ minimum: 0, description: 'changes against the parent, by key (files for the initial import)' }),
  first: Type.Array(Type.String(), { maxItems: 2, description: 'the first changes, one English line each (columns/report-full.json: column "stake" width changed)' })
})
export type ConfigVersionChanges = Static<typeof ConfigVersionChanges>

/** One version of the operator config as GET /ui/config/versions lists it: who made it, when, why, after which; never its files. */
export const ConfigVersionSummary = Type.Object({
  number: Type.Integer({ minimum: 1, description: 'the version number every answer names in x-config-version' }),
  contentVersion: Type.String({ description: 'content hash of its files (the version GET /ui/config/status and GET /ui/session name)' }),
  author: Type.String({ description: "who made it: 'files' for an import from the config directory" }),
  message: Type.String(),
  parent: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'the version it followed; null for the first' }),
  source: Type.String({ description: "where it came from: 'files' (the config directory)" }),
  createdAt: Type.String({ format: 'date-time' }),
  live: Type.Boolean({ description: 'whether it is the live version (exactly one is)' }),
  changes: Type.Union([Type.String(), Type.Null()], { description: 'what changed against its parent, in English (Initial import: 120 files; 1 change: columns/report-full.json: column "stake" width changed); null for versions made before changes were kept' }),
  changesCode: Type.Union([Type.String(), Type.Null()], { description: 'its catalogue sentence, msg.<code>: CONFIG_VERSION_INITIAL or CONFIG_VERSION_CHANGES' }),
  changesValues: Type.Union([Type.Object({ count: Type.Integer({ minimum: 0 }), first: Type.String({ description: 'the first one or two changes, "; …" when there are more' }) }), Type.Null()])
})
export type ConfigVersionSummary = Static<typeof ConfigVersionSummary>

/** GET /ui/config/versions: versions newest first, a page at a time. */
export const ConfigVersionList = Type.Object({
  versions: Type.Array(ConfigVersionSummary),
  nextBefore: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'pass as before for the older versions; null when this page reaches the first' })
})
export type ConfigVersionList = Static<typeof ConfigVersionList>

/** Its query: how many, and older than which number. */
export const ConfigVersionQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'versions per page (default 50)' })),
  before: Type.Optional(Type.Integer({ minimum: 1, description: 'only versions with a lower number (the nextBefore of the previous page)' }))
})
export type ConfigVersionQuery = Static<typeof ConfigVersionQuery>

/** A config version's files, path relative to the config directory (pages/report-full.json) → text: what diffs and merges compare. */
export const FileMap = Type.Record(Type.String(), Type.String(), { description: 'path relative to the config directory → file text' })
export type FileMap = Readonly<Static<typeof FileMap>>

/** What happened to one keyed unit between two versions. */
export const ConfigChangeKind = Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed'), Type.Literal('moved')])
export type ConfigChangeKind = Static<typeof ConfigChangeKind>

/** One change between two config versions, at the smallest keyed unit that differs (a column, a menu item, an i18n text). */
export const ConfigChange = Type.Object({
  file: Type.String({ description: 'the file, relative to the config directory' }),
  pointer: Type.String({ description: "RFC 6901 JSON pointer into the newer file (the older one for a removal); '' for the whole file" }),
  path: Type.Array(Type.String(), { description: "the same place for people: property names, and array elements by their key (['groups', 'utilities', 'items', 'auditLog'])" }),
  kind: ConfigChangeKind,
  before: Type.Optional(Type.Unknown({ description: "the older value (absent when added); for 'moved', its former index" })),
  after: Type.Optional(Type.Unknown({ description: "the newer value (absent when removed); for 'moved', its new index" }))
})
export type ConfigChange = Static<typeof ConfigChange>

/** The changes of one file, counted by kind, for a version's overview. */
export const ConfigFileChangeCount = Type.Object({
  file: Type.String(),
  added: Type.Integer({ minimum: 0 }),
  removed: Type.Integer({ minimum: 0 }),
  changed: Type.Integer({ minimum: 0 }),
  moved: Type.Integer({ minimum: 0 })
})
export type ConfigFileChangeCount = Static<typeof ConfigFileChangeCount>

/** Changes as a UI table shows them: counts per file, and one English line per change. */
export const ConfigChangeSummary = Type.Object({
  files: Type.Array(ConfigFileChangeCount),
  lines: Type.Array(Type.String({ description: 'columns/report-full.json: column "Stake" labelKey changed' }))
})
export type ConfigChangeSummary = Static<typeof ConfigChangeSummary>

/** A place both sides of a merge changed differently: the merged file keeps theirs (the live side) there until someone decides. */
export const MergeConflict = Type.Object({
  file: Type.String(),
  pointer: Type.String({ description: "RFC 6901 JSON pointer into the merged file (where the value would go if the merge left it out); '' for the whole file" }),
  path: Type.Array(Type.String(), { description: 'the same place for people, array elements by their key' }),
  base: Type.Optional(Type.Unknown({ description: 'the common ancestor\'s value; absent when it had none' })),
  ours: Type.Optional(Type.Unknown({ description: 'our value; absent when we removed it' })),
  theirs: Type.Optional(Type.Unknown({ description: 'their (live) value, which the merged file keeps; absent when they removed it' }))
})
export type MergeConflict = Static<typeof MergeConflict>

/** A three-way merge's answer: the merged files (well-formed, theirs kept where sides conflict) and the conflicts to decide. */
export const ConfigMergeResult = Type.Object({
  files: FileMap,
  conflicts: Type.Array(MergeConflict)
})
export type ConfigMergeResult = Static<typeof ConfigMergeResult>

/** A scheduled publish's state: waiting for its time, applied (published), failed at its time (reason says why), or cancelled. */
export const ConfigScheduleState = Type.Union([Type.Literal('scheduled'), Type.Literal('applied'), Type.Literal('failed'), Type.Literal('cancelled')])
export type ConfigScheduleState = Static<typeof ConfigScheduleState>

/** A draft's revision scheduled to be published at a time, and what became of it. */
export const ConfigSchedule = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  draft: Type.Integer({ minimum: 1 }),
  revision: Type.Integer({ minimum: 1, description: 'the revision it publishes: a later save cancels it (reason edited)' }),
  at: Type.String({ format: 'date-time' }),
  message: Type.String(),
  author: Type.String({ description: 'who scheduled it; the version it makes names them' }),
  nearClose: Type.Union([Type.Object({ series: Type.String(), closesAt: Type.String({ format: 'date-time' }) }), Type.Null()], {
    description: 'the draw close its time lands within 30 minutes of, which the operator confirmed; null when none'
  }),
  state: ConfigScheduleState,
  reason: Type.Union([Type.String(), Type.Null()], { description: 'why it failed (a UI_CONFIG_* code) or was cancelled (edited, discarded, published, cancelled, rescheduled)' }),
  detail: Type.Union([Type.Object({
    message: Type.Optional(Type.String({ description: 'the refusal\'s message, for a failed one' })),
    problems: Type.Optional(Type.Array(ConfigProblem)),
    conflicts: Type.Optional(Type.Array(MergeConflict)),
    revision: Type.Optional(Type.Integer({ description: 'the draft\'s revision when it was cancelled' }))
  }), Type.Null()]),
  version: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'the version it made, once applied' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' })
})
export type ConfigSchedule = Static<typeof ConfigSchedule>

/** A draft as the console lists it: what it started from, who made and edited it, its revision and who approved that revision. */
export const ConfigDraftSummary = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  base: Type.Integer({ minimum: 1, description: 'the version it started from (a publish merges it over the live one when that is later)' }),
  author: Type.String({ description: "who started it: 'files' for a change to menus/ made after a console edit" }),
  editors: Type.Array(Type.String(), { description: 'everyone who saved it: none of them may approve it' }),
  message: Type.String(),
  source: Type.Union([Type.Literal('console'), Type.Literal('files')]),
  revision: Type.Integer({ minimum: 1, description: 'raised by every save; send it back with a save, an approval or a publish' }),
  state: Type.Union([Type.Literal('open'), Type.Literal('published'), Type.Literal('discarded')]),
  published: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'the version it became' }),
  approvals: Type.Array(Type.String(), { description: 'who approved its current revision' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  schedule: Type.Union([ConfigScheduleState, Type.Null()], { description: 'its latest scheduled publish\'s state; null when none was made' }),
  scheduledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'when that schedule publishes (or was to)' }),
  scheduleReason: Type.Union([Type.String(), Type.Null()], { description: 'why it failed or was cancelled: a UI_CONFIG_* code, or edited, discarded, published, cancelled, rescheduled' })
})
export type ConfigDraftSummary = Static<typeof ConfigDraftSummary>

/** A draft with its files. */
export const ConfigDraft = Type.Object({ ...ConfigDraftSummary.properties, files: FileMap })
export type ConfigDraft = Static<typeof ConfigDraft>
