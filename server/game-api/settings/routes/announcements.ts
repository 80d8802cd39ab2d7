import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Announcement } from '../../../../schemas/game-api.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { announcementsOf, createAnnouncement, newestAnnouncement, removeAnnouncement } from '../api.ts'

const PopUp = Type.Union([Type.Literal('Y'), Type.Literal('N')])

/** Announcements: list (newest first; for one location, or for all of the caller's), create and delete (ADMIN). Content is kept byte for byte: the client sanitises. */
const announcementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/announcements', {
    schema: { querystring: Type.Object({ PopUp: Type.Optional(PopUp), LocId: LocIdField }), response: envelope(Type.Array(Announcement)) }
  }, async (request) => ok(await announcementsOf(app.db, callerOf(request), { locId: request.query.LocId, popUp: request.query.PopUp })))

  // The home page's one announcement: the newest pop-up (PopUp=Y, the default) or the newest banner line (N) for the location; null when there is none.
  app.get('/announcement', {
    schema: { querystring: Type.Object({ PopUp: Type.Optional(PopUp), LocId: LocIdField }), response: envelope(Type.Union([Announcement, Type.Null()])) }
  }, async (request) => ok(await newestAnnouncement(app.db, callerOf(request), { locId: request.query.LocId, popUp: request.query.PopUp })))

  app.post('/announcements', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        Content: Type.String({ minLength: 1, maxLength: 20000, pattern: '^[^\\u0000]*$', description: 'text without NUL characters, 1 to 20000 characters long' }),
        Color: Type.String({ minLength: 1, maxLength: 30 }),
        PopUp,
        LocId: Type.Optional(Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 20 })])),
        // LocId is the caller's current location (the service always sets it); AllLocations widens the target to every location.
        AllLocations: Type.Optional(Type.Boolean())
      }),
      response: envelope(Announcement)
    }
  }, async (request) => ok(await createAnnouncement(app.db, callerOf(request), request.body)))

  app.delete('/announcements/:id', {
    onRequest: app.gaRequireAdmin,
    schema: {
      params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
      querystring: Type.Object({ LocId: LocIdField }),
      response: envelope(Type.Literal(true))
    }
  }, async (request) => ok(await removeAnnouncement(app.db, callerOf(request), { announcementId: request.params.id })))
}

export default announcementRoutes
