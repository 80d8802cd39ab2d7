// Announcements: read for a location (or all of a user's), written and deleted; content kept byte for byte (the client sanitises).
import type { Queryable } from '../../../shared/db.ts'
import type { Announcement } from '../../../../schemas/game-api.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'

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

/** One announcement, or undefined. */
export async function announcementById (q: Queryable, id: number): Promise<Announcement | undefined> {
  const { rows } = await q.query<AnnouncementRow>('SELECT * FROM announcements WHERE announcement_id = $1', [id])
  return rows[0] && toAnnouncement(rows[0])
}

/** Newest first: those for every location and those for locId (or, without one, for any of the user's locations); popUp filters; limit caps (null: all). */
export async function announcementsFor (q: Queryable, userId: string, locId: string | null, popUp: 'Y' | 'N' | null, limit: number | null = null): Promise<Announcement[]> {
  const { rows } = await q.query<AnnouncementRow>(
    `SELECT * FROM announcements a
     WHERE ($1::text IS NULL OR a.popup = $1)
       AND (a.loc_id IS NULL OR CASE WHEN $2::text IS NULL
         THEN a.loc_id IN (SELECT loc_id FROM user_locations WHERE user_id = $3)
         ELSE a.loc_id = $2 END)
     ORDER BY a.created_at DESC, a.announcement_id DESC LIMIT $4`, [popUp, locId, userId, limit])
  return rows.map(toAnnouncement)
}

/** What an announcement is made of; locId null: every location. */
export interface NewAnnouncement { content: string, color: string, popUp: 'Y' | 'N', locId: string | null, createdBy: string }

/** Adds an announcement; answers it. */
export async function insertAnnouncement (q: Queryable, a: NewAnnouncement, now: Date): Promise<Announcement> {
  const { rows } = await q.query<AnnouncementRow>(
    'INSERT INTO announcements (content, color, popup, loc_id, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
    [a.content, a.color, a.popUp, a.locId, a.createdBy, now])
  return toAnnouncement(rows[0] as AnnouncementRow)
}

/** Removes an announcement. */
export async function deleteAnnouncement (q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM announcements WHERE announcement_id = $1', [id])
}
