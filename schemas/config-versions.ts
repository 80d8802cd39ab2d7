import { Type, type Static } from 'typebox'

/** One version of the operator config as GET /ui/config/versions lists it: who made it, when, why, after which; never its files. */
export const ConfigVersionSummary = Type.Object({
  number: Type.Integer({ minimum: 1, description: 'the version number every answer names in x-config-version' }),
  contentVersion: Type.String({ description: 'content hash of its files (the version GET /ui/config/status and GET /ui/session name)' }),
  author: Type.String({ description: "who made it: 'files' for an import from the config directory" }),
  message: Type.String(),
  parent: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'the version it followed; null for the first' }),
  source: Type.String({ description: "where it came from: 'files' (the config directory)" }),
  createdAt: Type.String({ format: 'date-time' }),
  live: Type.Boolean({ description: 'whether it is the live version (exactly one is)' })
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
