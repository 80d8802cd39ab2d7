// What every widget shares: i18n keys, endpoints, where a call's parameters come from, a data binding.
import { Type, type Static } from 'typebox'

/** An i18n key such as "page.profile.title". */
export const I18nKey = Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_.-]+$' })
export type I18nKey = Static<typeof I18nKey>

/** A path the browser calls through the service: a game API path such as /api/v1/4d/announcements, or one of the service's own /ui/ routes (/ui/audit, /ui/password); :Field segments take row values. */
export const Endpoint = Type.String({ pattern: '^/(api/v1|ui)/[A-Za-z0-9_./:{}-]+$' })
export type Endpoint = Static<typeof Endpoint>

export const HttpMethod = Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('DELETE')])
export type HttpMethod = Static<typeof HttpMethod>

/** Session values a widget may bind to. */
export const SessionValue = Type.Union([Type.Literal('LocId'), Type.Literal('UserId'), Type.Literal('LoginId'), Type.Literal('Role'), Type.Literal('Rank')])
export type SessionValue = Static<typeof SessionValue>

/** Where one call parameter comes from: a filter field, the route query (VW, DrawId…), the session, or a constant. */
export const ParamSource = Type.Union([
  Type.Object({ from: Type.Literal('filter'), name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  Type.Object({ from: Type.Literal('query'), name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  Type.Object({ from: Type.Literal('session'), name: SessionValue }, { additionalProperties: false }),
  Type.Object({ from: Type.Literal('const'), value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }, { additionalProperties: false }),
  // A value of the page's route (/admin/agents/:UserId → UserId), from the descriptor's route.
  Type.Object({ from: Type.Literal('route'), name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  // A field of the row a dialog form was opened from (row actions only).
  Type.Object({ from: Type.Literal('row'), name: Type.String({ minLength: 1 }) }, { additionalProperties: false })
])
export type ParamSource = Static<typeof ParamSource>

/** A widget's data: the endpoint, its parameters, and where the rows sit inside the envelope's data (dot path; empty = data itself). */
export const DataBinding = Type.Object({
  endpoint: Endpoint,
  method: Type.Optional(HttpMethod),
  params: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ParamSource)),
  dataPath: Type.Optional(Type.String()),
  // Cache-buster parameter name (the seed's rand) added on every reload when set.
  cacheBuster: Type.Optional(Type.String({ minLength: 1 })),
  // Parameters that must have a value (a chosen filter, a route query) before anything is called; until then the widget shows no data.
  requires: Type.Optional(Type.Array(Type.String({ minLength: 1 })))
}, { additionalProperties: false })
export type DataBinding = Static<typeof DataBinding>

/** A row action shows only on rows whose field holds this value (Void only on open tickets). */
export const RowCondition = Type.Object({ field: Type.String({ minLength: 1 }), equals: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }, { additionalProperties: false })
export type RowCondition = Static<typeof RowCondition>
