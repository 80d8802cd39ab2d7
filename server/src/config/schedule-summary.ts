import type { ConfigDraftSummary, ConfigScheduleState } from '../../../schemas/config-versions.ts'

/** The latest schedule of a draft (d, config_drafts) as one JSON column of the drafts list: the Drafts table shows its state. */
export const LATEST_SCHEDULE_COLUMN = `(SELECT json_build_object('state', s.state, 'at', s.at, 'reason', s.reason) FROM config_schedules s
  WHERE s.draft_id = d.id ORDER BY s.id DESC LIMIT 1) AS latest_schedule`

/** That column as the store answers it (the driver parses the JSON; a string when it did not). */
export type LatestScheduleValue = { state: ConfigScheduleState, at: string, reason: string | null } | string | null

/** A draft summary's schedule fields: its latest schedule's state, time and reason, or nulls when none was made. */
export function scheduleFields (value: LatestScheduleValue | undefined): Pick<ConfigDraftSummary, 'schedule' | 'scheduledAt' | 'scheduleReason'> {
  const latest = typeof value === 'string' ? JSON.parse(value) as Exclude<LatestScheduleValue, string> : value
  if (!latest) return { schedule: null, scheduledAt: null, scheduleReason: null }
  return { schedule: latest.state, scheduledAt: new Date(latest.at).toISOString(), scheduleReason: latest.reason }
}
