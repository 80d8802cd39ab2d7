// The settings module's public surface: what other domains may use of it (the SMS settings, the .ara backup rows), and its use cases,
// (db, caller, input) → result, each write in its own transaction with its audit record (the reads: settings, announcements, the audit log,
// the common look-ups). Its store/ is private.
import type { Db, Queryable } from '../../shared/db.ts'
import { inWholeCents } from '../../../schemas/domain/cents.ts'
import { zoneIso, type Game } from '../../../schemas/domain/calendar.ts'
import { writeAra } from '../../../schemas/domain/ara.ts'
import type { Announcement, Location, ServerSettings, SmsSettings } from '../../../schemas/game-api.ts'
import type { Call, Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { maintenanceEnd, readSetting, settingKeys, writeSetting } from '../lib/store/settings.ts'
import { allLocations, findRole, isAncestor, userLocations } from '../lib/store/users.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { assertSelfOrDownline, subjectOf } from '../lib/downline-access.ts'
import { DEFAULT_4D_PAY_RATES, formsOf, type FourDPayRates } from '../../../schemas/game/index.ts'
import { existingDraw, isoDateOf, nextSeriesClose } from '../draws/api.ts'
import { isAnnouncementColour } from './rules/css-colours.ts'
import { BACKUP_FIELDS, backupFileName, type BackupRow } from './rules/ara-rows.ts'
import { announcementById, announcementsFor, deleteAnnouncement, insertAnnouncement } from './store/announcements.ts'
import { auditsPage } from './store/audits.ts'
import { formsInUse, fourDLocations, reportDates, type ReportDate } from './store/common-lists.ts'
import { readSmsSettings } from './store/sms-settings.ts'
import { backupCounts, backupRows, markBackedUp, type BackupCount } from './store/backup.ts'
import { fourDRatesOf, hasOwnRates, lockFourDRates, removeOwnRates, totoRatesOf, writeFourDRates } from './store/pay-rates.ts'
import { classOf, tableOf, toRows, totoRows, type PayRateRow, type PayTable, type TotoRateRow } from './rules/pay-rate-rows.ts'
import { settingsErrors } from './errors.ts'

export { readSmsSettings } from './store/sms-settings.ts'
export { backupRows } from './store/backup.ts'
export { BACKUP_FIELDS, money } from './rules/ara-rows.ts'

/** The currency when the operator has not set one: Singapore Pools' own. */
const DEFAULT_CURRENCY = 'SGD'

/** The server's time, the next 4D and TOTO close by the per-series close time, and the app download links. */
export async function serverSettings (db: Db, caller: Caller): Promise<ServerSettings> {
  const { now } = caller
  return {
    serverDate: { ServerDate: zoneIso(now) },
    serverTime: zoneIso(now),
    // The same close the bet cut-off uses: the series' setting, or the draw row as edited or closed by hand.
    dClose: { CloseDate: zoneIso(await nextSeriesClose(db, 'SG4D', now)) },
    tClose: { CloseDate: zoneIso(await nextSeriesClose(db, 'TOTO', now)) },
    mobileAppData: {
      downloadUrl: await readSetting(db, settingKeys.downloadUrl),
      iosDownloadUrl: await readSetting(db, settingKeys.iosDownloadUrl)
    }
  }
}

/** The operator's currency code, else the default. */
export async function currencyCode (db: Db, _caller: Caller): Promise<{ CurrencyCode: string }> {
  return { CurrencyCode: await readSetting(db, settingKeys.currencyCode) || DEFAULT_CURRENCY }
}

/** The game's SMS settings, as SMS Gateway reads them. */
export async function smsSettingsOf (db: Db, _caller: Caller, input: { game: Game }): Promise<{ qResults: SmsSettings }> {
  return { qResults: await readSmsSettings(db, input.game) }
}

/** The announcements the caller may read, newest first: of one location (else of all of the caller's), pop-ups (Y), banner lines (N) or both. */
export async function announcementsOf (db: Db, caller: Caller, input: { locId?: string | undefined, popUp?: 'Y' | 'N' | undefined }): Promise<Announcement[]> {
  return announcementsFor(db, caller.user.userId, input.locId || null, input.popUp ?? null)
}

/** The home page's one announcement: the newest pop-up (Y, the default) or banner line (N) for the location; null when there is none. */
export async function newestAnnouncement (db: Db, caller: Caller, input: { locId?: string | undefined, popUp?: 'Y' | 'N' | undefined }): Promise<Announcement | null> {
  const [newest] = await announcementsFor(db, caller.user.userId, input.locId || null, input.popUp ?? 'Y', 1)
  return newest ?? null
}

/** One record of the game API's change log as the wire shows it. */
export interface AuditRecord { AuditId: number, UserId: string | null, Action: string, Path: string, Detail: unknown, CreatedDate: string }

/** The game API's own change log, newest first, filtered by user and action, paged by AuditId (before). */
export async function auditRecords (db: Db, _caller: Caller, input: { userId?: string | undefined, action?: string | undefined, before?: number | undefined, limit?: number | undefined }): Promise<AuditRecord[]> {
  const rows = await auditsPage(db, { userId: input.userId || null, action: input.action || null, before: input.before ?? null, limit: input.limit ?? 100 })
  return rows.map((r) => ({
    AuditId: Number(r.audit_id),
    UserId: r.user_id,
    Action: r.action,
    Path: r.path,
    Detail: r.detail,
    CreatedDate: zoneIso(new Date(r.created_at))
  }))
}

/** Every location. */
export async function locationList (db: Db, _caller: Caller): Promise<Location[]> {
  return allLocations(db)
}

/** The locations a user may use: the named one (oneself, a downline, or anyone for ADMIN), else the caller. */
export async function availableLocations (db: Db, caller: Caller, input: { userId?: string | undefined }): Promise<Location[]> {
  const { user } = caller
  const target = input.userId || user.userId
  if (target !== user.userId) {
    const allowed = user.role === 'ADMIN' || await isAncestor(db, user.userId, target)
    if (!allowed) throw errors.notYourDownline(target)
    if (!await findRole(db, target)) throw errors.userNotFound(target)
  }
  return userLocations(db, target)
}

/** The maintenance poll (no sign-in): the end of maintenance ('' when there is none). */
export async function maintenanceStatus (db: Db, call: Call): Promise<{ t: string }> {
  const end = await maintenanceEnd(db, call.now)
  return { t: end ? zoneIso(end) : '' }
}

/** The 4D locations. */
export async function fourDLocationList (db: Db, _caller: Caller): Promise<Location[]> {
  return fourDLocations(db)
}

/**
 * The game's draws a report can show (finalised), or those on which the group (the named user's, else the caller's account's) has live
 * bets (open draws too: the ticket and bet pages' dates), newest first.
 */
export async function reportDatesOf (db: Db, caller: Caller, input: { game: Game, having: 'finalised' | 'bets', userId?: string | undefined }): Promise<ReportDate[]> {
  return reportDates(db, input.game, input.having, await subjectOf(db, caller.user, input.userId))
}

/** The bet categories of the game: 4D forms or TOTO bet types, in the order the bet forms list them. */
export async function betCategories (_db: Db, _caller: Caller, input: { game: Game }): Promise<Array<{ CatType: string }>> {
  return formsOf(input.game).map((f) => ({ CatType: f }))
}

/** The bet categories the group (the named user's, else the caller's account's) has lines of on the game's draw, with their line counts. */
export async function betCategoriesInUse (db: Db, caller: Caller, input: { game: Game, drawId: number, userId?: string | undefined }): Promise<Array<{ CatType: string, Lines: number }>> {
  const root = await subjectOf(db, caller.user, input.userId)
  await existingDraw(db, input.drawId, { game: input.game })
  return formsInUse(db, input.drawId, root)
}

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

/** A pay-rate row as an edit names it: whose table (a user's; absent: the operator's), which table, class and form. */
export interface PayRateRef { UserId?: string | undefined, Table: PayTable, Class?: string | null | undefined, Form: 'Big' | 'Small' }
/** A pay-rate row's new tiers (Small: the top three only). */
export interface PayRateChange extends PayRateRef { First: number, Second: number, Third: number, Starter?: number | null | undefined, Consolation?: number | null | undefined }

/** The 4D pay rates a user (the caller or a downline) is paid by, else the operator's table, as rows; one table's when asked. */
export async function payRatesOf (db: Db, caller: Caller, input: { userId?: string | undefined, table?: PayTable | undefined }): Promise<PayRateRow[]> {
  const rows = toRows(await fourDRatesOf(db, await payRateOwner(db, caller, input.userId)))
  return input.table === undefined ? rows : rows.filter((r) => r.Table === input.table)
}

/** The TOTO pay rates a user is paid by (their own, else the operator's, else the built-in defaults), as rows. */
export async function totoPayRatesOf (db: Db, caller: Caller, input: { userId?: string | undefined }): Promise<TotoRateRow[]> {
  return totoRows(await totoRatesOf(db, await payRateOwner(db, caller, input.userId)))
}

/** Gives a user a 4D table of its own, a copy of the operator's, so nothing changes until a row of it is edited (ADMIN); audited. */
export async function createOwnPayRates (db: Db, caller: Caller, input: { userId: string }): Promise<PayRateRow[]> {
  adminOnly(caller)
  const owner = await payRateOwner(db, caller, input.userId)
  return db.transaction(async (tx) => {
    if (await hasOwnRates(tx, owner, '4D')) throw settingsErrors.ownPayRatesExist(owner)
    const rates = await fourDRatesOf(tx, '*')
    await writeFourDRates(tx, owner, rates, caller.now)
    await auditCall(tx, caller, 'payRate.create', { UserId: owner })
    return toRows(rates)
  })
}

/** Removes a user's own 4D table (ADMIN): the user is paid by the operator's again, answered; audited. */
export async function removeOwnPayRates (db: Db, caller: Caller, input: { userId: string }): Promise<PayRateRow[]> {
  adminOnly(caller)
  const owner = await payRateOwner(db, caller, input.userId)
  return db.transaction(async (tx) => {
    if (!(await removeOwnRates(tx, owner, '4D'))) throw settingsErrors.noOwnPayRates(owner)
    await auditCall(tx, caller, 'payRate.delete', { UserId: owner })
    return toRows(await fourDRatesOf(tx, owner))
  })
}

/** Sets one row of a 4D table (ADMIN; rates in cents; Big names all five tiers, Small the top three); audited; answers the table's rows. */
export async function setPayRate (db: Db, caller: Caller, body: PayRateChange): Promise<PayRateRow[]> {
  adminOnly(caller)
  const owner = await payRateOwner(db, caller, body.UserId)
  for (const name of ['First', 'Second', 'Third', 'Starter', 'Consolation'] as const) {
    const v = body[name]
    if (typeof v === 'number' && !inWholeCents(v)) throw errors.fieldNotCents(name, v)
  }
  if (body.Form === 'Small' && (body.Starter != null || body.Consolation != null)) throw errors.paySmallTiers()
  if (body.Form === 'Big' && (body.Starter == null || body.Consolation == null)) throw errors.payBigTiers()
  const cls = classOf(body.Table, body.Class)
  return changePayRates(db, caller, owner, { action: 'payRate.set', detail: { Table: body.Table, Class: cls ?? null, Form: body.Form } }, async (rates) => {
    const table = tableOf(rates, body.Table, cls)
    if (body.Form === 'Small') table.small = { first: body.First, second: body.Second, third: body.Third }
    else table.big = { first: body.First, second: body.Second, third: body.Third, starter: body.Starter!, consolation: body.Consolation! }
    return rates
  })
}

/** Resets one row of a 4D table (ADMIN): a user's to the operator's table, the operator's to the Singapore Pools figures; audited; answers the table's rows. */
export async function resetPayRate (db: Db, caller: Caller, input: PayRateRef): Promise<PayRateRow[]> {
  adminOnly(caller)
  const cls = classOf(input.Table, input.Class)
  const owner = await payRateOwner(db, caller, input.UserId)
  return changePayRates(db, caller, owner, { action: 'payRate.reset', detail: { Table: input.Table, Class: cls ?? null, Form: input.Form } }, async (rates, tx) => {
    const base = tableOf(owner === '*' ? DEFAULT_4D_PAY_RATES : await fourDRatesOf(tx, '*'), input.Table, cls)
    const target = tableOf(rates, input.Table, cls)
    if (input.Form === 'Small') target.small = { ...base.small }
    else target.big = { ...base.big }
    return rates
  })
}

/** The table a pay-rate call is about: a user's (the caller's, a downline's, anyone's for ADMIN) or the operator's ('*'). */
async function payRateOwner (db: Db, caller: Caller, userId: string | undefined): Promise<string> {
  if (userId === undefined) return '*'
  await assertSelfOrDownline(db, caller.user, userId)
  return userId
}

/** Changes one row of an owner's tables in one transaction with its audit record, starting from what they are paid by now; answers the rows. */
function changePayRates (db: Db, caller: Caller, owner: string, audit: { action: string, detail: Record<string, unknown> }, change: (rates: FourDPayRates, q: Queryable) => Promise<FourDPayRates>): Promise<PayRateRow[]> {
  return db.transaction(async (tx) => {
    await lockFourDRates(tx, owner)
    const next = await change(structuredClone(await fourDRatesOf(tx, owner)), tx)
    await writeFourDRates(tx, owner, next, caller.now)
    await auditCall(tx, caller, audit.action, { UserId: owner, ...audit.detail })
    return toRows(next)
  })
}

/** Refuses a pay-rate edit by anyone but an ADMIN. */
function adminOnly (caller: Caller): void {
  if (caller.user.role !== 'ADMIN') throw errors.adminOnly()
}
