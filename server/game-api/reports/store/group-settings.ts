// Group Report settings: a user's saved groupings of its direct downlines (report_group_settings), read, saved whole and deleted.
import type { Queryable } from '../../../shared/db.ts'
import { reportErrors } from '../errors.ts'

/** One named group of a setting: the direct downlines shown together as one row. */
export interface SettingGroup { Name: string, UserIds: string[] }
/** A saved setting of its owner. */
export interface GroupSetting { SettingId: number, UserId: string, Name: string, Groups: SettingGroup[], CreatedDate: string }

interface MemberRow { setting_id: number, owner_id: string, name: string, created: string, group_name: string | null, user_id: string | null }

const SELECT = `SELECT s.setting_id, s.owner_id, s.name, to_char(s.created_at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created, m.group_name, m.user_id
  FROM report_group_settings s LEFT JOIN report_group_setting_members m ON m.setting_id = s.setting_id`

function settingsOf (rows: MemberRow[]): GroupSetting[] {
  const byId = new Map<number, GroupSetting>()
  for (const r of rows) {
    const setting = byId.get(r.setting_id) ?? { SettingId: r.setting_id, UserId: r.owner_id, Name: r.name, Groups: [], CreatedDate: r.created }
    byId.set(r.setting_id, setting)
    if (r.group_name === null || r.user_id === null) continue
    const group = setting.Groups.find((g) => g.Name === r.group_name)
    if (group) group.UserIds.push(r.user_id)
    else setting.Groups.push({ Name: r.group_name, UserIds: [r.user_id] })
  }
  return [...byId.values()]
}

/** The settings of an owner, by name. */
export async function groupSettings (q: Queryable, ownerId: string): Promise<GroupSetting[]> {
  return settingsOf((await q.query<MemberRow>(`${SELECT} WHERE s.owner_id = $1 ORDER BY s.name, m.group_name, m.user_id`, [ownerId])).rows)
}

/** One setting of the owner; 404 when it is another's or absent. */
export async function groupSetting (q: Queryable, ownerId: string, settingId: number): Promise<GroupSetting> {
  const [setting] = settingsOf((await q.query<MemberRow>(`${SELECT} WHERE s.owner_id = $1 AND s.setting_id = $2 ORDER BY m.group_name, m.user_id`, [ownerId, settingId])).rows)
  if (!setting) throw reportErrors.settingNotFound(settingId)
  return setting
}

/** Saves the setting of that name whole (creating or replacing its groups): every member a direct downline of the owner, in one group only. Run inside a transaction. */
export async function saveGroupSetting (tx: Queryable, ownerId: string, name: string, groups: SettingGroup[]): Promise<GroupSetting> {
  const members = groups.flatMap((g) => g.UserIds.map((userId) => ({ group: g.Name, userId })))
  const seen = new Set<string>()
  for (const m of members) {
    if (seen.has(m.userId)) throw reportErrors.settingTwice(m.userId)
    seen.add(m.userId)
  }
  const { rows: direct } = await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE parent_id = $1 AND user_id = ANY($2::text[])', [ownerId, [...seen]])
  const isDirect = new Set(direct.map((r) => r.user_id))
  const stranger = members.find((m) => !isDirect.has(m.userId))
  if (stranger) throw reportErrors.settingNotDirect(stranger.userId, ownerId)
  const { rows: [saved] } = await tx.query<{ setting_id: number }>(
    'INSERT INTO report_group_settings (owner_id, name) VALUES ($1, $2) ON CONFLICT (owner_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING setting_id', [ownerId, name])
  const settingId = saved!.setting_id
  await tx.query('DELETE FROM report_group_setting_members WHERE setting_id = $1', [settingId])
  await tx.query('INSERT INTO report_group_setting_members (setting_id, user_id, group_name) SELECT $1, m.user_id, m.group_name FROM unnest($2::text[], $3::text[]) AS m (user_id, group_name)',
    [settingId, members.map((m) => m.userId), members.map((m) => m.group)])
  return groupSetting(tx, ownerId, settingId)
}

/** Deletes one setting of the owner (404 when it is another's or absent); its members go with it. */
export async function deleteGroupSetting (tx: Queryable, ownerId: string, settingId: number): Promise<void> {
  const { rows } = await tx.query('DELETE FROM report_group_settings WHERE owner_id = $1 AND setting_id = $2 RETURNING setting_id', [ownerId, settingId])
  if (rows.length === 0) throw reportErrors.settingNotFound(settingId)
}
