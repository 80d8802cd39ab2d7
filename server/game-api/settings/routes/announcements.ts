import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Announcement } from '../../../../schemas/game-api.ts'
import { isAnnouncementColour } from '../rules/css-colours.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { announcementById, announcementsFor, deleteAnnouncement, insertAnnouncement } from '../store/announcements.ts'

const PopUp = Type.Union([Type.Literal('Y'), Type.Literal('N')])

/** Announcements: list (newest first; for one location, or for all of the caller's), create and delete (ADMIN). Content is kept byte for byte: the client sanitises. */
const announcementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/announcements', {
    schema: { querystring: Type.Object({ PopUp: Type.Optional(PopUp), LocId: LocIdField }), response: envelope(Type.Array(Announcement)) }
  }, async (request) => {
    const { PopUp: popUp, LocId: locId } = request.query
    return ok(await announcementsFor(app.db, caller(request).userId, locId || null, popUp ?? null))
  })

  // The home page's one announcement: the newest pop-up (PopUp=Y, the default) or the newest banner line (N) for the location; null when there is none.
  app.get('/announcement', {
    schema: { querystring: Type.Object({ PopUp: Type.Optional(PopUp), LocId: LocIdField }), response: envelope(Type.Union([Announcement, Type.Null()])) }
  }, async (request) => {
    const { PopUp: popUp, LocId: locId } = request.query
    const [newest] = await announcementsFor(app.db, caller(request).userId, locId || null, popUp ?? 'Y', 1)
    return ok(newest ?? null)
  })

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
  }, async (request) => {
    const user = caller(request)
    const { Content, Color, PopUp: popUp, LocId: currentLocId, AllLocations: allLocations } = request.body
    const locId = allLocations ? null : currentLocId
    if (!isAnnouncementColour(Color)) throw errors.badColor()
    const created = await app.db.transaction(async (tx) => {
      const announcement = await insertAnnouncement(tx, { content: Content, color: Color, popUp, locId: locId ?? null, createdBy: user.userId }, app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'announcement.create', detail: { AnnouncementId: announcement.AnnouncementId, LocId: announcement.LocId, PopUp: popUp, length: Content.length } })
      return announcement
    })
    return ok(created)
  })

  app.delete('/announcements/:id', {
    onRequest: app.gaRequireAdmin,
    schema: {
      params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
      querystring: Type.Object({ LocId: LocIdField }),
      response: envelope(Type.Literal(true))
    }
  }, async (request) => {
    const user = caller(request)
    const { id } = request.params
    await app.db.transaction(async (tx) => {
      const existing = await announcementById(tx, id)
      if (!existing) throw errors.announcementNotFound(id)
      await deleteAnnouncement(tx, id)
      await app.gaAudit(tx, request, { userId: user.userId, action: 'announcement.delete', detail: { AnnouncementId: id, LocId: existing.LocId } })
    })
    return ok(true as const)
  })
}

export default announcementRoutes
