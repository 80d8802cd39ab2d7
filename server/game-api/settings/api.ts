// The settings module's public surface: what other domains may use of it (the SMS settings, the .ara backup rows), and its use cases,
// (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
import type { Db } from '../../shared/db.ts'
import { zoneIso, type Game } from '../../../schemas/domain/calendar.ts'
import { writeAra } from '../../../schemas/domain/ara.ts'
import type { Announcement } from '../../../schemas/game-api.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { maintenanceEnd, settingKeys, writeSetting } from '../lib/settings-store.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { existingDraw, isoDateOf } from '../draws/api.ts'
import { isAnnouncementColour } from './rules/css-colours.ts'
import { BACKUP_FIELDS, backupFileName, type BackupRow } from './rules/ara-rows.ts'
import { announcementById, deleteAnnouncement, insertAnnouncement } from './store/announcements.ts'
import { backupCounts, backupRows, markBackedUp, type BackupCount } from './store/backup.ts'

export { readSmsSettings } from './store/sms-settings.ts'
export { backupRows } from './store/backup.ts'
export { BACKUP_FIELDS, money } from './rules/ara-rows.ts'

/** A new announcement: its content, colour, pop-up or banner, and the location it is for (the caller's; AllLocations: every location). */
export interface AnnouncementInput { Content: string, Color: string, PopUp: 'Y' | 'N', LocId?: string | null | undefined, AllLocations?: boolean | undefined }

/** Writes an announcement (its colour checked; content kept byte for byte: the client sanitises); audited. */
export async function createAnnouncement (db: Db, caller: Caller, input: AnnouncementInput): Promise<Announcement> {
  const { Content, Color, PopUp: popUp, LocId: currentLocId, AllLocations: allLocations } = input
  const locId = allLocations ? null : currentLocId
  if (!isAnnouncementColour(Color)) throw errors.badColor()
  return db.transaction(async (tx) => {
    const announcement = await insertAnnouncement(tx, { content: Content, color: Color, popUp, locId: locId ?? null, createdBy: caller.user.userId }, caller.now)
    await auditCall(tx, caller, 'announcement.create', { AnnouncementId: announcement.AnnouncementId, LocId: announcement.LocId, PopUp: popUp, length: Content.length })
    return announcement
  })
}

/** Deletes an announcement; audited. */
export async function removeAnnouncement (db: Db, caller: Caller, input: { announcementId: number }): Promise<true> {
  const id = input.announcementId
  await db.transaction(async (tx) => {
    const existing = await announcementById(tx, id)
    if (!existing) throw errors.announcementNotFound(id)
    await deleteAnnouncement(tx, id)
    await auditCall(tx, caller, 'announcement.delete', { AnnouncementId: id, LocId: existing.LocId })
  })
  return true
}

/** Sets (or clears, null) the end of maintenance; audited; answers the end as read after the commit ('' when none). */
export async function setMaintenance (db: Db, caller: Caller, input: { until: string | null }): Promise<{ t: string }> {
  const until = input.until ? new Date(input.until) : null
  await db.transaction(async (tx) => {
    await writeSetting(tx, settingKeys.maintenanceUntil, until ? until.toISOString() : '')
    await auditCall(tx, caller, 'maintenance.set', { until: until ? zoneIso(until) : null })
  })
  // Read again after the commit: a call between the write and the commit may have kept the old value for this instance.
  const end = await maintenanceEnd(db, caller.now, true)
  return { t: end ? zoneIso(end) : '' }
}

/** Records a Clear Cache: the reference game API keeps no answer cache, so its part is the audit record (the service clears its own). */
export async function clearCache (db: Db, caller: Caller): Promise<{ ClearedAt: string, ClearedBy: string }> {
  await db.transaction((tx) => auditCall(tx, caller, 'cache.clear'))
  return { ClearedAt: zoneIso(caller.now), ClearedBy: caller.user.userId }
}

/** The backup counts of the game's draw (its tickets and what is left to back up), else of its latest draws (at most limit). */
export async function backupCountsOf (db: Db, _caller: Caller, input: { game: Game, drawId?: number | undefined, limit?: number | undefined }): Promise<BackupCount[]> {
  return input.drawId === undefined ? backupCounts(db, input.game, undefined, input.limit ?? 60) : [await backupCountOf(db, input.game, input.drawId)]
}

/** The draw's backup lines as rows, up to a ticket (else every ticket now), only those not yet backed up when asked. */
export async function backupLines (db: Db, _caller: Caller, input: { game: Game, drawId: number, upTo?: number | undefined, onlyNew?: boolean | undefined }): Promise<BackupRow[]> {
  await backupCountOf(db, input.game, input.drawId)
  return backupRows(db, input.drawId, input.upTo ?? null, input.onlyNew === true)
}

/**
 * The draw's backup as .ara text, with its file name and the last ticket it holds (fixed before reading, so the file and a later mark with the
 * same UpToTicketId cover the same tickets); audited.
 */
export async function backupFile (db: Db, caller: Caller, input: { game: Game, drawId: number, upTo?: number | undefined, onlyNew?: boolean | undefined }): Promise<{ fileName: string, upTo: number | null, text: string }> {
  const { drawId } = input
  const count = await backupCountOf(db, input.game, drawId)
  const last = input.upTo ?? count.LastTicketId
  const rows = last === null ? [] : await backupRows(db, drawId, last, input.onlyNew === true)
  await db.transaction((tx) => auditCall(tx, caller, 'backup.download', { DrawId: drawId, UpToTicketId: last, Lines: rows.length }))
  return { fileName: backupFileName(count), upTo: last, text: writeAra(BACKUP_FIELDS, rows.map((r) => BACKUP_FIELDS.map((f) => r[f]))) }
}

/** Marks the draw's tickets (up to one, else all) backed up; audited; answers how many and what is left. */
export async function markBackupDone (db: Db, caller: Caller, input: { game: Game, drawId: number, upTo?: number | undefined }): Promise<{ DrawId: number, Marked: number, NotBackedUp: number }> {
  const { drawId } = input
  await backupCountOf(db, input.game, drawId)
  const marked = await db.transaction(async (tx) => {
    const n = await markBackedUp(tx, drawId, input.upTo ?? null, caller.now)
    await auditCall(tx, caller, 'backup.markDone', { DrawId: drawId, UpToTicketId: input.upTo ?? null, Marked: n })
    return n
  })
  return { DrawId: drawId, Marked: marked, NotBackedUp: (await backupCountOf(db, input.game, drawId)).NotBackedUp }
}

/** The draw's backup count (its tickets and what is left to back up), or 404 when the game has no such draw. */
async function backupCountOf (db: Db, game: Game, drawId: number): Promise<BackupCount> {
  const draw = await existingDraw(db, drawId, { game })
  const [count] = await backupCounts(db, game, drawId, 1)
  return count ?? { DrawId: drawId, DrawDate: isoDateOf(draw.draw_date), Series: draw.series, Tickets: 0, Bets: 0, NotBackedUp: 0, LastTicketId: null }
}
