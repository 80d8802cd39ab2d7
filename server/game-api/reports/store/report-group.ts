// Group reports: the intake (positions kept) of each direct downline's group, and the breakdown per draw.
import type { Queryable } from '../../../shared/db.ts'
import { groupSetting, type GroupSetting } from './group-settings.ts'
import { reportFull } from './report-full.ts'
import { SCOPE, dateText, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'
import { totalsOf } from '../rules/totals.ts'

/** reportGroupFull: per row the group's share setting, stake, intake, intake strike and intake net (its win or loss on the positions it kept). */
export async function reportGroup (q: Queryable, params: ReportParams): Promise<Report> {
  const full = await reportFull(q, params)
  const { rows: shares } = await q.query<{ user_id: string, share: number }>(
    'SELECT user_id, (CASE WHEN $2 = \'4D\' THEN d_share ELSE t_share END)::float8 AS share FROM users WHERE user_id = ANY($1::text[])', [full.rows.map((r) => r.UserId), params.game])
  const byId = new Map(shares.map((s) => [s.user_id, s.share]))
  const rows = full.rows.map((r) => ({ UserId: r.UserId, UserName: r.UserName, Role: r.Role, Share: byId.get(r.UserId) ?? 0, Stake: r.Stake, Commission: r.Commission, Intake: r.Intake, IntakeStrike: r.IntakeStrike, IntakeNet: r.IntakeNet }))
  const merged = params.settingId ? joinGroups(rows, await groupSetting(q, params.userId, params.settingId)) : rows
  return { rows: merged, totals: totalsOf(merged), count: merged.length }
}

type GroupRow = Record<string, string | number | null>
const SUMMED = ['Stake', 'Commission', 'Intake', 'IntakeStrike', 'IntakeNet'] as const

/** The rows with each group of the setting joined into one (UserId null, UserName the group's name, Members its ids, Share null), in the first member's place. */
function joinGroups (rows: GroupRow[], setting: GroupSetting): GroupRow[] {
  const groupOf = new Map(setting.Groups.flatMap((g) => g.UserIds.map((id) => [id, g.Name] as const)))
  const out: GroupRow[] = []
  const joined = new Map<string, GroupRow>()
  for (const row of rows) {
    const name = groupOf.get(String(row.UserId))
    if (name === undefined) { out.push(row); continue }
    const group = joined.get(name)
    if (!group) {
      const fresh: GroupRow = { UserId: null, UserName: name, Role: 'GROUP', Members: String(row.UserId), Share: null, ...Object.fromEntries(SUMMED.map((k) => [k, row[k] ?? 0])) }
      joined.set(name, fresh)
      out.push(fresh)
      continue
    }
    group.Members = `${String(group.Members)}, ${String(row.UserId)}`
    // Integer cents, so a group's sum is exact.
    for (const k of SUMMED) group[k] = Math.round(Number(group[k]) * 100 + Number(row[k]) * 100) / 100
  }
  return out
}

/** reportGroup2Full: the group report broken down per draw and row (direct downline or the user). */
export function reportGroupBreakdown (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE},
    b AS (SELECT draw_id, row_user, sum(amount) AS stake, sum(payout) AS strike FROM live GROUP BY draw_id, row_user),
    lv AS (SELECT live.draw_id, tr.row_user, sum(l.commission) AS commission, sum(l.amount_intake) AS intake, sum(l.intake_payout) AS intake_strike
           FROM bet_levels l JOIN live ON live.bet_id = l.bet_id JOIN tree tr ON tr.user_id = l.user_id GROUP BY live.draw_id, tr.row_user),
    k AS (SELECT draw_id, row_user FROM b UNION SELECT draw_id, row_user FROM lv)
    SELECT k.draw_id AS "DrawId", ${dateText('d.draw_date')} AS "DrawDate", k.row_user AS "UserId",
      COALESCE(b.stake, 0)::float8 AS "Stake", COALESCE(lv.commission, 0)::float8 AS "Commission", COALESCE(b.strike, 0)::float8 AS "Strike",
      (COALESCE(b.stake, 0) - COALESCE(lv.commission, 0) - COALESCE(b.strike, 0))::float8 AS "Net",
      COALESCE(lv.intake, 0)::float8 AS "Intake", COALESCE(lv.intake_strike, 0)::float8 AS "IntakeStrike"
    FROM k JOIN draws d ON d.draw_id = k.draw_id LEFT JOIN b ON b.draw_id = k.draw_id AND b.row_user = k.row_user LEFT JOIN lv ON lv.draw_id = k.draw_id AND lv.row_user = k.row_user
    ORDER BY d.draw_date DESC, k.draw_id DESC, k.row_user`, scopeParams(params))
}
