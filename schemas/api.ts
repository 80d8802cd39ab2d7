import { Type, type Static } from 'typebox'

const Method = Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('DELETE')])

/** One game API endpoint the browser may reach through /api/v1, and who may reach it. */
export const ApiEndpoint = Type.Object({
  path: Type.String({ pattern: '^[A-Za-z0-9_-]+(/(:[A-Za-z][A-Za-z0-9]*|[A-Za-z0-9_-]+))*$', description: 'endpoint path after /api/v1/ (and after 4d/ or tt/ for game endpoints); :name marks a parameter segment' }),
  methods: Type.Array(Method, { minItems: 1, uniqueItems: true }),
  game: Type.Optional(Type.Boolean({ description: 'true: forwarded under 4d/ or tt/ chosen by the session location' })),
  pages: Type.Optional(Type.Array(Type.String({ pattern: '^/' }), { description: 'only for an endpoint no page template binds (a hand-written page): menu paths that use it. Endpoints a template binds are derived from it, never listed here' })),
  shell: Type.Optional(Type.Boolean({ description: 'used by the application shell: every signed-in user may call it' })),
  public: Type.Optional(Type.Boolean({ description: 'no session needed (the maintenance status)' })),
  cache: Type.Optional(Type.Boolean({ description: 'GET answers are cached per user, location, path and query for 180000 ms' })),
  clearsCaches: Type.Optional(Type.Boolean({ description: 'a successful call also drops every instance\'s cached user context (profile, locations, settings), not only the GET cache every non-GET clears (Clear Cache)' })),
  stream: Type.Optional(Type.Boolean({ description: 'true: a server-sent-events stream (a table\'s live source): relayed as it comes, never cached, cut or held to the call timeout' })),
  multipart: Type.Optional(Type.Boolean({ description: 'true: the endpoint takes multipart/form-data (a file upload); the service forwards the parts with LocId set' }))
}, { additionalProperties: false })
export type ApiEndpoint = Static<typeof ApiEndpoint>

/** menus/api.json: the shell's and public endpoints and per-endpoint settings (cache, multipart); the rest of the allowlist is derived from the page templates. */
export const ApiAllowlist = Type.Object({
  $schema: Type.Optional(Type.String()),
  endpoints: Type.Array(ApiEndpoint)
}, { additionalProperties: false })
export type ApiAllowlist = Static<typeof ApiAllowlist>

/** The file operators edit; its generated JSON Schema is schemas/api.schema.json. */
export const configFileSchema = ApiAllowlist
