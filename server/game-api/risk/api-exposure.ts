// The risk module's live views of a draw per number: exposure (what a level takes, keeps and passes on, and its worst cases) and Bets In /
// Bets Out, (db, caller, input) → result. Beside api.ts, which holds the writes and would grow past its size with these.
import type { Db } from '../../shared/db.ts'
import { fromCents, roundMoney, toCents, type Game } from '../../../schemas/game/index.ts'
import type { Caller } from '../lib/caller.ts'
import { subjectOf } from '../lib/downline-access.ts'
import { isoDateOf, unsettledDraws } from '../draws/api.ts'
import { assertOutSet } from './store/out-set.ts'
import { drawOf } from './store/draw-of.ts'
import { exposureOf } from './store/exposure.ts'
import { betsInOrOut } from './store/bets-in-out.ts'

// The rows a live page can follow: the largest liabilities; Count and Totals still cover every row.
const MAX_ROWS = 1000
// Each figure takes the one money rounding; what was passed on is what is left of the rounded intake, so the parts add up to it.
const remainder = (whole: number, ...parts: number[]) => fromCents(parts.reduce((cents, part) => cents - toCents(part), toCents(whole)))

/** A number of the draw as the exposure page shows it: what reached the level, what it keeps and passes on, what the kept part pays, the limits. */
export interface ExposureLine { Key: string, Number: string, Form: string, Bets: number, Intake: number, Kept: number, PassedOn: number, Thrown: number, First: number, Second: number, Third: number, Starter: number, Consolation: number, Liability: number, LimitBig: number | null, LimitSmall: number | null, LimitUnits: number | null, OverLimit: boolean, Over: string }
/** The exposure page's answer: the draw, whose exposure, every row's count and totals, and the MAX_ROWS of largest liability. */
export interface ExposureAnswer { DrawId: number | null, DrawDate: string | null, UserId: string, Count: number, Totals: { Intake: number, Kept: number, PassedOn: number }, rows: ExposureLine[] }

/**
 * The exposure of the caller's account (or a downline's UserId) in a draw: the one named, else as the page's draw list the first unsettled
 * (a draw closed for betting stays the default until it is finalised), else the latest; OutSet needed.
 */
export async function exposureOfDraw (db: Db, caller: Caller, input: { game: Game, drawId?: number | undefined, userId?: string | undefined }): Promise<ExposureAnswer> {
  await assertOutSet(db, caller.user)
  const { game } = input
  const userId = await subjectOf(db, caller.user, input.userId)
  const now = caller.now
  const draw = input.drawId === undefined ? (await unsettledDraws(db, game, now))[0] ?? await drawOf(db, game, undefined, now) : await drawOf(db, game, input.drawId, now)
  if (!draw) return { DrawId: null, DrawDate: null, UserId: userId, Count: 0, Totals: { Intake: 0, Kept: 0, PassedOn: 0 }, rows: [] }
  const exposure = await exposureOf(db, game, Number(draw.draw_id), userId, MAX_ROWS)
  return {
    DrawId: Number(draw.draw_id),
    DrawDate: isoDateOf(draw.draw_date),
    UserId: userId,
    Count: exposure.count,
    Totals: { Intake: roundMoney(exposure.intake), Kept: roundMoney(exposure.kept), PassedOn: remainder(exposure.intake, exposure.kept) },
    rows: exposure.rows.map((r) => ({
      Key: `${r.number}|${r.form}`,
      Number: r.number,
      Form: r.form,
      Bets: r.bets,
      Intake: roundMoney(r.intake),
      Kept: roundMoney(r.kept),
      PassedOn: remainder(r.intake, r.kept, r.thrown),
      Thrown: roundMoney(r.thrown),
      First: roundMoney(r.first),
      Second: roundMoney(r.second),
      Third: roundMoney(r.third),
      Starter: roundMoney(r.starter),
      Consolation: roundMoney(r.consolation),
      Liability: roundMoney(r.liability),
      LimitBig: r.lb,
      LimitSmall: r.ls,
      LimitUnits: r.lu,
      OverLimit: r.over,
      Over: r.over ? 'over' : ''
    }))
  }
}

/** Whether the caller may follow the exposure stream: it says only which draws moved, to those who may read exposure (OutSet); 403 otherwise. */
export async function assertMayFollowExposure (db: Db, caller: Caller): Promise<void> {
  await assertOutSet(db, caller.user)
}

/** A number of a draw as Bets In / Bets Out show it: one row per number, form and where it went. */
export interface InOutLine { Key: string, Number: string, Form: string, To: string, Big: number, Small: number, Units: number, Amount: number, Strike: number, Bets: number }

/**
 * Bets In (choice 1: what reached the caller's account, or a downline's UserId, from its downline) or Bets Out (choice 2: what it passed
 * up or threw out) per number of a draw (the one named, else the next to close, else the latest).
 */
export async function betsInOutOf (db: Db, caller: Caller, input: { game: Game, choice: number, drawId?: number | undefined, userId?: string | undefined }): Promise<{ DrawId: number | null, DrawDate: string | null, Choice: number, UserId: string, Total: number, rows: InOutLine[] }> {
  const { game, choice } = input
  const userId = await subjectOf(db, caller.user, input.userId)
  const draw = await drawOf(db, game, input.drawId, caller.now)
  if (!draw) return { DrawId: null, DrawDate: null, Choice: choice, UserId: userId, Total: 0, rows: [] }
  // Level rows of the viewer: level 0 is its own bet (nothing comes in to it), level > 0 its downline's.
  const rows = await betsInOrOut(db, choice === 1 ? 'in' : 'out', userId, Number(draw.draw_id))
  const toto = game === 'TOTO'
  const answer = rows.map((r) => ({
    Key: `${r.number}|${r.form}|${r.to_whom ?? ''}`,
    Number: r.number,
    Form: r.form,
    To: r.to_whom ?? '',
    Big: toto ? 0 : Number(r.big),
    Small: toto ? 0 : Number(r.small),
    Units: toto ? Number(r.amount) : 0,
    Amount: Number(r.amount),
    Strike: Number(r.strike),
    Bets: Number(r.bets)
  }))
  const total = Math.round(answer.reduce((s, r) => s + r.Amount, 0) * 100) / 100
  return { DrawId: Number(draw.draw_id), DrawDate: isoDateOf(draw.draw_date), Choice: choice, UserId: userId, Total: total, rows: answer }
}
