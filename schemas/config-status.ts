import { Type, type Static } from 'typebox'

/** One problem of a rejected config change: file (relative to the config directory), JSON pointer, what to change. */
export const ConfigProblem = Type.Object({
  file: Type.String(),
  pointer: Type.String({ description: 'JSON pointer inside the file; empty for the whole file' }),
  message: Type.String(),
  line: Type.Optional(Type.Integer({ description: 'line of a JSON syntax error' }))
})
export type ConfigProblem = Static<typeof ConfigProblem>

/** A config change that was refused (the previous config kept serving). */
export const RejectedChange = Type.Object({
  version: Type.String({ description: 'content hash of the refused files' }),
  at: Type.String({ format: 'date-time' }),
  errors: Type.Array(ConfigProblem)
})
export type RejectedChange = Static<typeof RejectedChange>

/** GET /ui/config/status: the config this instance serves, the last change any instance refused, and every instance's version. */
export const ConfigStatus = Type.Object({
  version: Type.String({ description: 'content hash of the config being served' }),
  versionNumber: Type.Integer({ minimum: 1, description: 'its number among the versions in the store (x-config-version, GET /ui/config/versions)' }),
  loadedAt: Type.String({ format: 'date-time' }),
  lastRejected: Type.Union([RejectedChange, Type.Null()]),
  instances: Type.Optional(Type.Array(Type.Object({
    instance: Type.String({ description: 'host:pid of a service instance' }),
    versionNumber: Type.Integer({ minimum: 1, description: 'the version it serves' }),
    since: Type.String({ format: 'date-time', description: 'when it took that version' }),
    seenAt: Type.String({ format: 'date-time', description: 'its last report (every CONFIG_SYNC_MS)' })
  }), { description: 'the instances seen in the last minute and the version each serves' }))
})
export type ConfigStatus = Static<typeof ConfigStatus>
