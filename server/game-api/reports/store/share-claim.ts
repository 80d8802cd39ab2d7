// Share claims: who holds each settled bet's win/loss (each level its intake less the intake's payout, the rest beyond the top as Out),
// summed per direct downline (what the upline claims from or owes it) or per holder of a group's win/loss (the company view).
import type { Queryable } from '../../../shared/db.ts'
import { SCOPE, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/**
 * The common CTEs plus settled (the settled bets of live) and holdings: per settled bet, each level's part of its win/loss
 * (stake kept after its throws less the payout on it), the part that left the top level and the parts thrown to distributors
 * (holder '', Out; thrower: the level that threw and settles it with the distributor). A bet's parts add up to its stake less its payout.
 */
export const HOLDINGS = `${SCOPE},
  settled AS (SELECT bet_id, row_user, amount, payout FROM live WHERE status IN ('won', 'lost')),
  holdings AS (
    SELECT l.bet_id, l.user_id AS holder, NULL::text AS thrower, (l.amount_intake - l.amount_thrown) - (l.intake_payout - l.thrown_payout) AS held
    FROM bet_levels l JOIN settled s ON s.bet_id = l.bet_id
    UNION ALL
    SELECT l.bet_id, '', NULL, l.amount_out - l.out_payout FROM bet_levels l JOIN settled s ON s.bet_id = l.bet_id
    WHERE NOT EXISTS (SELECT 1 FROM bet_levels n WHERE n.bet_id = l.bet_id AND n.level = l.level + 1)
    UNION ALL
    SELECT l.bet_id, '', l.user_id, l.amount_thrown - l.thrown_payout FROM bet_levels l JOIN settled s ON s.bet_id = l.bet_id WHERE l.amount_thrown <> 0)`

/** A group's settled win/loss and who holds it; Claim is what the group pays the upline (negative: the upline pays). */
export interface ShareFigures {
  Bets: number
  WinLoss: number
  DownlineShare: number
  UplineShare: number
  AboveShare: number
  Claim: number
}

/** A direct downline's row: who it is and its group's figures. */
export interface DownLineRow extends ShareFigures, Record<string, unknown> {
  UserId: string
  UserName: string
  Role: string
}

const DOWNLINE_SQL = `${HOLDINGS},
  wl AS (SELECT row_user, count(*) AS bets, sum(amount - payout) AS win_loss FROM settled GROUP BY row_user),
  parts AS (SELECT s.row_user,
      sum(h.held) FILTER (WHERE th.depth >= 1 AND th.row_user = s.row_user) AS downline,
      sum(h.held) FILTER (WHERE th.depth = 0) AS upline,
      sum(h.held) FILTER (WHERE th.user_id IS NULL) AS above
    -- A thrown part is the thrower's to settle with its distributor, so it counts where the thrower sits.
    FROM holdings h JOIN settled s ON s.bet_id = h.bet_id LEFT JOIN tree th ON th.user_id = COALESCE(h.thrower, h.holder) GROUP BY s.row_user)
  SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", wl.bets::int AS "Bets", wl.win_loss::float8 AS "WinLoss",
    COALESCE(p.downline, 0)::float8 AS "DownlineShare", COALESCE(p.upline, 0)::float8 AS "UplineShare", COALESCE(p.above, 0)::float8 AS "AboveShare",
    (COALESCE(p.upline, 0) + COALESCE(p.above, 0))::float8 AS "Claim"
  FROM wl JOIN tree t ON t.user_id = wl.row_user AND t.depth = 1 JOIN users u ON u.user_id = wl.row_user LEFT JOIN parts p ON p.row_user = wl.row_user
  ORDER BY u.user_id`

/** reportDownLine: per direct downline of the user with settled bets in the period, its group's win/loss and the user's claim on it. */
export function shareClaimDownLine (q: Queryable, params: ReportParams): Promise<Report<DownLineRow>> {
  return runReport<DownLineRow>(q, DOWNLINE_SQL, scopeParams(params))
}

/** A holder of the group's win/loss: a level at or above the user, the user's downline together, or Out (beyond the top). */
export interface HolderRow extends Record<string, unknown> {
  Holder: string
  Role: string
  Level: number
  WinLoss: number
  /** The holder's part of the group's win/loss as a fraction (0.5 is half), 6 places. */
  Part: number
}

const COMPANY_SQL = `${HOLDINGS},
  total AS (SELECT COALESCE(sum(amount - payout), 0) AS win_loss FROM settled),
  chain (user_id, parent_id, up) AS (SELECT user_id, parent_id, 0 FROM users WHERE user_id = $1
    UNION ALL SELECT u.user_id, u.parent_id, c.up + 1 FROM users u JOIN chain c ON u.user_id = c.parent_id WHERE c.up < 64),
  per AS (SELECT CASE WHEN th.depth >= 1 THEN 'DOWNLINE' ELSE h.holder END AS holder, sum(h.held) AS held
    FROM holdings h LEFT JOIN tree th ON th.user_id = h.holder GROUP BY 1)
  SELECT per.holder AS "Holder", COALESCE(u.role, CASE WHEN per.holder = '' THEN 'OUT' ELSE 'DOWNLINE' END) AS "Role",
    COALESCE(c.up, CASE WHEN per.holder = '' THEN 999 ELSE -1 END)::int AS "Level", per.held::float8 AS "WinLoss",
    CASE WHEN total.win_loss = 0 THEN 0 ELSE round(per.held / total.win_loss, 6) END::float8 AS "Part"
  FROM per CROSS JOIN total LEFT JOIN chain c ON c.user_id = per.holder LEFT JOIN users u ON u.user_id = per.holder
  WHERE per.held <> 0 ORDER BY "Level"`

/** selectReportShareClaim: who holds the win/loss of the user's whole group (its own bets included): its downline, itself, each upline, Out. */
export async function shareClaimCompany (q: Queryable, params: ReportParams): Promise<Report<HolderRow> & { WinLoss: number }> {
  const report = await runReport<HolderRow>(q, COMPANY_SQL, scopeParams(params), { skip: ['Level'] })
  return { ...report, WinLoss: report.totals.WinLoss ?? 0 }
}

/** One settled bet's win/loss and each holder's part of it, in cents (the invariant: the parts add up to the whole). */
export interface BetHolding { BetId: number, WinLossCents: number, Parts: Array<{ Holder: string, Cents: number }> }

/** Every settled bet of the user's group in the period with its holders' parts, in cents (exact: numeric × 100 as integers). */
export async function betHoldings (q: Queryable, params: ReportParams): Promise<BetHolding[]> {
  const { rows } = await q.query<{ bet_id: string, win_loss: string, holder: string, held: string }>(
    `${HOLDINGS} SELECT s.bet_id, ((s.amount - s.payout) * 100)::bigint AS win_loss, h.holder, (h.held * 100)::bigint AS held
     FROM settled s JOIN holdings h ON h.bet_id = s.bet_id ORDER BY s.bet_id, h.holder`, scopeParams(params))
  const byBet = new Map<number, BetHolding>()
  for (const r of rows) {
    const id = Number(r.bet_id)
    const bet = byBet.get(id) ?? { BetId: id, WinLossCents: Number(r.win_loss), Parts: [] }
    bet.Parts.push({ Holder: r.holder, Cents: Number(r.held) })
    byBet.set(id, bet)
  }
  return [...byBet.values()]
}
