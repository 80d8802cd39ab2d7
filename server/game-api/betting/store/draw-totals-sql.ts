// The per-draw aggregates' definitions as SQL over bets b and bet_levels l: the one text the running totals and a full recount share.

/** Which expansions of a bet's played numbers a set of bets needs: the number itself (TOTO, 4D straight), a 4D roll's ten, a 4D iBet's or kBet's permutations. */
export interface PlayedForms { whole: boolean, roll: boolean, permutations: boolean }
const EVERY_FORM: PlayedForms = { whole: true, roll: true, permutations: true }

/** The forms a placement's bets take, so its statement's plan carries no expansion none of them needs. */
export function playedFormsOf (bets: ReadonlyArray<{ game: string, form: string }>): PlayedForms {
  const fourD = (form: string) => bets.some((b) => b.game === '4D' && b.form === form)
  return { whole: bets.some((b) => b.game === 'TOTO' || b.form === 'straight'), roll: fourD('roll'), permutations: fourD('ibet') || fourD('kbet') }
}

/** The numbers a bet plays, as a lateral p.num: the 4D form's expansion (as expand4d), or the TOTO entry itself; only the expansions forms names. */
export function playedNumbers (named: PlayedForms = EVERY_FORM): string {
  const forms = named.whole || named.roll || named.permutations ? named : EVERY_FORM
  const expansions = [
    ...(forms.whole ? ["SELECT b.number AS num WHERE b.game = 'TOTO' OR b.form = 'straight'"] : []),
    ...(forms.roll ? ["SELECT substr(b.number, 1, 3) || d::text AS num FROM generate_series(0, 9) AS d WHERE b.game = '4D' AND b.form = 'roll'"] : []),
    ...(forms.permutations
      ? [`SELECT DISTINCT substr(b.number, i, 1) || substr(b.number, j, 1) || substr(b.number, k, 1) || substr(b.number, 10 - i - j - k, 1) AS num
      FROM generate_series(1, 4) AS i, generate_series(1, 4) AS j, generate_series(1, 4) AS k
      WHERE b.game = '4D' AND b.form IN ('ibet', 'kbet') AND i <> j AND j <> k AND i <> k`]
      : [])
  ]
  return `CROSS JOIN LATERAL (
    ${expansions.join('\n    UNION ALL ')}
  ) AS p`
}

// Each played number takes an equal part of the line (as number_intake); an iBet's winning permutation pays the whole line at its class rate.
const PART = "(CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)"
const PAY_PART = "(CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END)"
// Bets sold before bets kept their rate (migration 008) settle at the bettor's rates; Singapore Pools' table stands in for them here.
const RATE = 'COALESCE(b.pay_rate, \'{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}\'::jsonb)'

/** What the level keeps pays if the played number takes the tier (4D; 0 for TOTO). */
const tierPay = (tier: string) => `CASE WHEN b.game = '4D' THEN l.big_intake / ${PAY_PART} * (${RATE}->'big'->>'${tier}')::numeric
      + l.small_intake / ${PAY_PART} * COALESCE((${RATE}->'small'->>'${tier}')::numeric, 0) ELSE 0 END`

/** The 4D prize tiers, as the pay_* columns name them. */
export const TIERS = ['first', 'second', 'third', 'starter', 'consolation'] as const

/** The columns of draw_number_totals after its key. */
export const NUMBER_COLUMNS = ['bets', 'big_in', 'small_in', 'amount_in', 'big_kept', 'small_kept', 'amount_kept', 'big_out', 'small_out', 'amount_out', 'max_payout',
  ...TIERS.map((t) => `pay_${t}`)] as const
/** The key of draw_number_totals (every level a user holds in bettors' chains together: its levels are in draw_user_totals). */
export const NUMBER_KEY = ['draw_id', 'user_id', 'number', 'form'] as const

/** Where the aggregates' rows are counted from: the tables, or the rows a placement's statement is inserting (its CTEs). */
export interface BetSource { bets: string, levels: string }
const TABLES: BetSource = { bets: 'bets', levels: 'bet_levels' }

/** draw_number_totals rows of the bets `where` selects, each figure times `sign` (a literal: 1 adds, -1 takes away); forms: those bets' forms, when known. */
export function numberTotalsSelect (where: string, sign: 1 | -1, from: BetSource = TABLES, forms: PlayedForms = EVERY_FORM): string {
  const s = sign === 1 ? '' : '-'
  return `SELECT b.draw_id, l.user_id, p.num AS number, b.form, ${s}count(*)::int AS bets,
    ${s}sum(l.big_in / ${PART}) AS big_in, ${s}sum(l.small_in / ${PART}) AS small_in, ${s}sum(l.amount_in / ${PART}) AS amount_in,
    ${s}sum(l.big_intake / ${PART}) AS big_kept, ${s}sum(l.small_intake / ${PART}) AS small_kept, ${s}sum(l.amount_intake / ${PART}) AS amount_kept,
    ${s}sum(l.big_out / ${PART}) AS big_out, ${s}sum(l.small_out / ${PART}) AS small_out, ${s}sum(l.amount_out / ${PART}) AS amount_out,
    ${s}sum(CASE WHEN b.game = 'TOTO' THEN l.max_payout ELSE 0 END) AS max_payout,
    ${TIERS.map((t) => `${s}sum(${tierPay(t)}) AS pay_${t}`).join(',\n    ')}
  FROM ${from.bets} b JOIN ${from.levels} l ON l.bet_id = b.bet_id ${playedNumbers(forms)}
  WHERE ${where}
  GROUP BY b.draw_id, l.user_id, p.num, b.form`
}

/** The columns of draw_user_totals after its key. */
export const USER_COLUMNS = ['tickets', 'bets', 'stake', 'payout', 'commission', 'amount_in', 'amount_kept', 'amount_out', 'max_payout', 'kept_payout', 'out_payout'] as const
/** The key of draw_user_totals: the draw, the bettor, and the level of its chain (the level's user). */
export const USER_KEY = ['draw_id', 'bettor_id', 'user_id', 'level'] as const

/** draw_user_totals rows of the bets `where` selects, each figure times `sign`. */
export function userTotalsSelect (where: string, sign: 1 | -1, from: BetSource = TABLES): string {
  const s = sign === 1 ? '' : '-'
  return `SELECT b.draw_id, b.user_id AS bettor_id, l.user_id, l.level, ${s}count(DISTINCT b.ticket_id)::int AS tickets, ${s}count(*)::int AS bets,
    ${s}sum(b.amount) AS stake, ${s}sum(b.payout) AS payout, ${s}sum(l.commission) AS commission,
    ${s}sum(l.amount_in) AS amount_in, ${s}sum(l.amount_intake) AS amount_kept, ${s}sum(l.amount_out) AS amount_out, ${s}sum(l.max_payout) AS max_payout,
    ${s}sum(l.intake_payout) AS kept_payout, ${s}sum(l.out_payout) AS out_payout
  FROM ${from.bets} b JOIN ${from.levels} l ON l.bet_id = b.bet_id
  WHERE ${where}
  GROUP BY b.draw_id, b.user_id, l.user_id, l.level`
}
