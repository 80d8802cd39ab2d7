import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Queryable } from '../../../shared/db.ts'
import { Announcement } from '../../../../schemas/game-api.ts'
import { isAnnouncementColour } from '../rules/css-colours.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { caller } from '../../plugins/auth.ts'

const PopUp = Type.Union([Type.Literal('Y'), Type.Literal('N')])

interface AnnouncementRow { announcement_id: number, content: string, color: string, popup: 'Y' | 'N', loc_id: string | null, created_by: string, created_at: Date }

const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  AnnouncementId: Number(r.announcement_id),
  Content: r.content,
  Color: r.color,
  PopUp: r.popup,
  LocId: r.loc_id,
  CreatedBy: r.created_by,
  CreatedDate: zoneIso(new Date(r.created_at))
})

async function announcementById (q: Queryable, id: number): Promise<Announcement | undefined> {
  const { rows } = await q.query<AnnouncementRow>('SELECT * FROM announcements WHERE announcement_id = $1', [id])
  return rows[0] && toAnnouncement(rows[0])
}

/** Announcements: list (newest first; for one location, or for all of the caller's), create and delete (ADMIN). Content is kept byte for byte: the client sanitises. */
const announcementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/announcements', {
    schema: { querystring: Type.Object({ PopUp: Type.Optional(PopUp), LocId: LocIdField }), response: envelope(Type.Array(Announcement)) }
  }, async (request) => {
    const { PopUp: popUp, LocId: locId } = request.query
    const { rows } = await app.db.query<AnnouncementRow>(
      `SELECT * FROM announcements a
       WHERE ($1::text IS NULL OR a.popup = $1)
         AND (a.loc_id IS NULL OR CASE WHEN $2::text IS NULL
           THEN a.loc_id IN (SELECT loc_id FROM user_locations WHERE user_id = $3)
           ELSE a.loc_id = $2 END)
       ORDER BY a.created_at DESC, a.announcement_id DESC`, [popUp ?? null, locId || null, caller(request).userId])
    return ok(rows.map(toAnnouncement))
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
      const { rows } = await tx.query<AnnouncementRow>(
        'INSERT INTO announcements (content, color, popup, loc_id, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
        [Content, Color, popUp, locId ?? null, user.userId, app.gaNow()])
      const announcement = toAnnouncement(rows[0] as AnnouncementRow)
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
      await tx.query('DELETE FROM announcements WHERE announcement_id = $1', [id])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'announcement.delete', detail: { AnnouncementId: id, LocId: existing.LocId } })
    })
    return ok(true as const)
  })
}

export default announcementRoutes
