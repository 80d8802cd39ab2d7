// The risk module's public surface: what other domains may use of it,
// and its use cases, (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
import type { Db } from '../../shared/db.ts'
import { inWholeCents } from '../../../schemas/domain/cents.ts'
import { totoNumberCounts, isTotoNumber } from '../../../schemas/domain/toto-lines.ts'
import { roundMoney, type Game } from '../../../schemas/game/index.ts'
import { drawErrors } from '../draws/errors.ts'
import { limitErrors, outsetErrors } from './errors.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { findRole } from '../lib/store/users.ts'
import { groupOf } from '../lib/store/downlines.ts'
import { assertSelfOrDownline, subjectOf } from '../lib/downline-access.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { enqueueJob, percentDone } from '../jobs/runner.ts'
import { jobMessages } from '../jobs/messages.ts'
import { messageFieldsOf, type JobState } from '../jobs/status.ts'
import { drawById, existingDraw } from '../draws/api.ts'
import { SPECIAL_PATTERNS, patternNumbers, type SpecialPattern } from './rules/special-numbers.ts'
import { assertOutSet } from './store/out-set.ts'
import { normaliseNumber } from './rules/numbers.ts'
import { outLimitsOf, writeOutLimit, type OutLimitRow } from './store/out-settings.ts'
import { deleteDistributor, insertDistributor, lockDistributorNames, nameTaken, ownDistributor, ownedDistributor, lockDistributor, partnersOf, replacePartners, setDistributorWeb, updateDistributor, usableDistributor } from './store/distributors.ts'
import { distributorAnswer, type DistributorAnswer } from './api-distributors.ts'
import { unsettledDraw } from './store/draw-of.ts'
import { replaceRules, ruleAnswer, rulesOf } from './store/rules.ts'
import { checkRule, type RuleInput } from './rules/distributor-rules.ts'
import type { RuleThrowScope } from './store/rule-throws.ts'
import { OUTSET_PROCESS_JOB, type OutsetProcessPayload } from './jobs/process.ts'
import { OUTSET_PROCESS2_JOB, OUTSET_RULE_JOB } from './jobs/rules.ts'
import { linesToPlace, loadBetSpecial, saveBetSpecial, type BetSpecialSetting } from './store/bet-special.ts'
import { BET_SPECIAL_JOB, nextSpecialDrawId, specialJobOf, specialRunOf, type BetSpecialPayload } from './store/bet-special-runs.ts'
import { limitNumberOf, takenUnits, uploadTextFile, type FileAnswer } from '../betting/api.ts'
import { accountErrors } from '../accounts/errors.ts'
import type { UploadForm } from '../lib/upload-form.ts'
import { deleteLimits, insertLimit, limitByKey, listLimits, lockLimit, nextOpenDrawId, writeLimitMax } from './store/limit-settings.ts'

/** A limit as Limit Setting lists it, with what the reported draw has taken of it. */
export interface LimitAnswer { LimitId: number, Number: string, BetType: string, MaxUnits: number, DrawId: number | null, Taken: number, Left: number, UpdatedBy: string }

/** Limit Setting's list: every limit of the game with what the draw asked for (else the next still open for betting, else none) has taken. */
export async function limitsOf (db: Db, caller: Caller, input: { game: Game, drawId?: number | undefined }): Promise<LimitAnswer[]> {
  const { game } = input
  const drawId = input.drawId !== undefined ? Number((await existingDraw(db, input.drawId, { game })).draw_id) : await nextOpenDrawId(db, game, caller.now)
  const rows = await listLimits(db, game)
  const taken = drawId === null ? new Map<string, number>() : await takenUnits(db, game, [drawId], [...new Set(rows.map((r) => r.bet_type))], [...new Set(rows.map((r) => r.number))])
  return rows.map((r) => {
    const used = taken.get(`${drawId}|${r.bet_type}|${r.number}`) ?? 0
    return { LimitId: Number(r.limit_id), Number: r.number, BetType: r.bet_type, MaxUnits: Number(r.max_units), DrawId: drawId, Taken: used, Left: roundMoney(Math.max(0, Number(r.max_units) - used)), UpdatedBy: r.updated_by }
  })
}

/** Sets a new limit on a bet type and number (409 when one is set); audited. */
export async function createLimit (db: Db, caller: Caller, input: { game: Game, betType: string, number: string, maxUnits: number }): Promise<{ LimitId: number, Number: string, BetType: string, MaxUnits: number }> {
  const key = limitKeyOf(input.betType, input.number)
  const row = await db.transaction(async (tx) => {
    const made = await insertLimit(tx, input.game, key, input.maxUnits, caller.user.userId, caller.now)
    if (!made) throw limitErrors.limitExists(key.number, key.betType)
    await auditCall(tx, caller, 'limit.create', { LimitId: made.limit_id, Number: key.number, BetType: key.betType, MaxUnits: input.maxUnits })
    return made
  })
  return { LimitId: Number(row.limit_id), Number: row.number, BetType: row.bet_type, MaxUnits: Number(row.max_units) }
}

/** Changes a limit's most units; audited with what it was. */
export async function setLimitMax (db: Db, caller: Caller, input: { game: Game, limitId: number, maxUnits: number }): Promise<{ LimitId: number, MaxUnits: number }> {
  const { limitId: id, maxUnits: max } = input
  await db.transaction(async (tx) => {
    const was = await lockLimit(tx, input.game, id)
    if (!was) throw limitErrors.limitNotFound(id)
    await auditCall(tx, caller, 'limit.update', { LimitId: id, Number: was.number, BetType: was.bet_type, from: Number(was.max_units), to: max })
    await writeLimitMax(tx, id, max, caller.user.userId, caller.now)
  })
  return { LimitId: id, MaxUnits: max }
}

/** Deletes the limits named by id, all or none (404 naming the first missing); audited. */
export async function removeLimits (db: Db, caller: Caller, input: { game: Game, limitIds: number[] }): Promise<{ Deleted: number }> {
  const ids = [...new Set(input.limitIds)]
  return db.transaction(async (tx) => {
    const rows = await deleteLimits(tx, input.game, ids)
    const missing = ids.find((id) => !rows.some((r) => Number(r.limit_id) === id))
    if (missing !== undefined) throw limitErrors.limitNotFound(missing)
    await auditCall(tx, caller, 'limit.delete', { limits: rows.map((r) => ({ LimitId: r.limit_id, Number: r.number, BetType: r.bet_type, MaxUnits: Number(r.max_units) })) })
    return { Deleted: rows.length }
  })
}

/** Deletes limits by id, or the one limit of a bet type and number; audited. */
export async function removeLimitsNamed (db: Db, caller: Caller, input: { game: Game, limitIds?: number[] | undefined, betType?: string | undefined, number?: string | undefined }): Promise<{ Deleted: number }> {
  const { game } = input
  if (input.limitIds) return removeLimits(db, caller, { game, limitIds: input.limitIds })
  if (input.betType === undefined) throw limitErrors.limitNoKey()
  const key = limitKeyOf(input.betType, input.number ?? '')
  const found = await limitByKey(db, game, key)
  if (!found) throw limitErrors.limitNotSet(key.number, key.betType)
  return removeLimits(db, caller, { game, limitIds: [Number(found.limit_id)] })
}

/** The bet type and number of a limit as sent, checked like a bet line (counts by type, 1 to 49, no repeats) and written the way bets are matched. */
function limitKeyOf (betType: string, numberText: string): { betType: string, number: string } {
  const type = betType.trim().toUpperCase()
  const counts = totoNumberCounts(type)
  if (counts === undefined) throw limitErrors.limitBadBetType()
  const parts = numberText.trim() === '' ? [] : numberText.trim().split(/[\s,]+/)
  if (parts.some((p) => !/^\d{1,2}$/.test(p) || !isTotoNumber(Number(p)))) throw limitErrors.limitBadNumber(numberText)
  const numbers = parts.map(Number)
  if (new Set(numbers).size !== numbers.length) throw limitErrors.limitNumberRepeats(numberText)
  if (!counts.includes(numbers.length)) throw limitErrors.limitNumberCount(type, counts, numbers.length)
  return { betType: type, number: limitNumberOf(type, numbers) }
}

/** Bet Special's Setting 1 as the page shows it: what it plays, how many numbers that is, and the patterns to choose from. */
export interface BetSpecialSetting1 {
  Patterns: SpecialPattern[]
  Numbers: string[]
  NumbersText: string
  Big: number
  Small: number
  Count: number
  PatternChoices: Array<{ Pattern: SpecialPattern, Count: number, Example: string }>
}
/** Bet Special's Setting 2: whose account places, on which series, skipping numbers already bet, up to what stake. */
export interface BetSpecialSetting2 { UserId: string, Series: 'SG4D' | 'MG4D', SkipPlaced: boolean, MaxStake: number }
/** The fields a Bet Special update may change (the others keep their value); Numbers, else NumbersText, replaces the numbers. */
export interface BetSpecialUpdate {
  Patterns?: SpecialPattern[] | undefined
  Numbers?: string[] | undefined
  NumbersText?: string | undefined
  Big?: number | undefined
  Small?: number | undefined
  UserId?: string | undefined
  Series?: 'SG4D' | 'MG4D' | undefined
  SkipPlaced?: boolean | undefined
  MaxStake?: number | undefined
}

/** Bet Special's Setting 1 of the caller's level (a staff admin's: the company's); OutSet needed. */
export async function betSpecialSetting1 (db: Db, caller: Caller): Promise<BetSpecialSetting1> {
  await assertOutSet(db, caller.user)
  return setting1Of(await loadBetSpecial(db, await subjectOf(db, caller.user)))
}

/** Bet Special's Setting 2 of the caller's level; OutSet needed. */
export async function betSpecialSetting2 (db: Db, caller: Caller): Promise<BetSpecialSetting2> {
  await assertOutSet(db, caller.user)
  return setting2Of(await loadBetSpecial(db, await subjectOf(db, caller.user)))
}

/** Changes the fields given of the level's Bet Special settings (amounts in cents, the account the caller's or below); audited; answers both settings. */
export async function updateBetSpecial (db: Db, caller: Caller, b: BetSpecialUpdate): Promise<{ Setting1: BetSpecialSetting1, Setting2: BetSpecialSetting2 }> {
  const user = caller.user
  await assertOutSet(db, user)
  for (const [field, value] of [['Big', b.Big], ['Small', b.Small], ['MaxStake', b.MaxStake]] as const) if (value !== undefined && !inWholeCents(value)) throw errors.fieldNotCents(`body/${field}`, value)
  const numbers = b.Numbers ?? (b.NumbersText === undefined ? undefined : numbersOfText(b.NumbersText))
  if (b.UserId !== undefined) await assertSelfOrDownline(db, user, b.UserId)
  const account = await subjectOf(db, user)
  const saved = await db.transaction(async (tx) => {
    const s = await loadBetSpecial(tx, account)
    const next: BetSpecialSetting = {
      patterns: b.Patterns ?? s.patterns,
      numbers: numbers === undefined ? s.numbers : [...new Set(numbers)].sort(),
      big: b.Big ?? s.big,
      small: b.Small ?? s.small,
      bettorId: b.UserId ?? s.bettorId,
      series: b.Series ?? s.series,
      skipPlaced: b.SkipPlaced ?? s.skipPlaced,
      maxStake: b.MaxStake ?? s.maxStake
    }
    await saveBetSpecial(tx, account, next, user.userId, caller.now)
    await auditCall(tx, caller, 'betSpecial.setting', { Account: account, ...b })
    return next
  })
  return { Setting1: setting1Of(saved), Setting2: setting2Of(saved) }
}

/**
 * Queues the level's special bet on the draw (the series' next taking bets when none is named): one generation per level and draw, made by a
 * durable job the caller polls; audited. The caller wakes the job runner after.
 */
export async function generateBetSpecial (db: Db, caller: Caller, input: { drawId?: number | undefined }): Promise<{ JobId: number, DrawId: number, Lines: number }> {
  const user = caller.user
  await assertOutSet(db, user)
  const account = await subjectOf(db, user)
  return db.transaction(async (tx) => {
    const s = await loadBetSpecial(tx, account)
    if (specialCount(s) === 0 || s.big + s.small <= 0) throw outsetErrors.betSpecialEmpty()
    const found = input.drawId === undefined ? await nextSpecialDrawId(tx, s.series, caller.now) : (await drawById(tx, input.drawId, { game: '4D' }))?.draw_id
    if (found === undefined) throw input.drawId === undefined ? outsetErrors.noDraw(s.series) : drawErrors.drawNotFound(input.drawId)
    const drawId = Number(found)
    const done = await specialRunOf(tx, account, drawId)
    if (done) throw outsetErrors.betSpecialDone(drawId, done.ticket_no ?? '')
    // The account's settings and its one run per draw; the job is the caller's, who polls it and places the ticket.
    const payload: BetSpecialPayload = { userId: account, drawId }
    // One try: a refusal by placement (credit, a closed draw, a limit) would be refused again; the user starts it anew.
    const jobId = await enqueueJob(tx, { kind: BET_SPECIAL_JOB, subjectId: drawId, userId: user.userId, payload, maxAttempts: 1, message: jobMessages.specialWaiting() })
    await auditCall(tx, caller, 'betSpecial.generate', { Account: account, JobId: jobId, DrawId: drawId })
    return { JobId: jobId, DrawId: drawId, Lines: (await linesToPlace(tx, s, drawId)).length }
  })
}

/** A generation the caller started: its progress, and its ticket, lines and stake once placed. */
export async function betSpecialStatus (db: Db, caller: Caller, input: { jobId: number }): Promise<JobState & { TicketNo: string | null, Lines: number, Stake: number }> {
  await assertOutSet(db, caller.user)
  const job = await specialJobOf(db, input.jobId, caller.user.userId)
  if (!job) throw outsetErrors.betSpecialJobNotFound(input.jobId)
  return {
    JobId: Number(job.job_id),
    Status: job.status,
    Progress: percentDone(job.status, Number(job.done_count), Number(job.total_count)),
    ...messageFieldsOf(job),
    TicketNo: job.ticket_no,
    Lines: Number(job.lines ?? 0),
    Stake: Number(job.stake ?? 0)
  }
}

/** How many numbers a setting plays (its patterns' and its own, once each). */
const specialCount = (s: BetSpecialSetting) => new Set([...s.patterns.flatMap(patternNumbers), ...s.numbers]).size

const setting1Of = (s: BetSpecialSetting): BetSpecialSetting1 => ({
  Patterns: s.patterns,
  Numbers: s.numbers,
  NumbersText: s.numbers.join(' '),
  Big: s.big,
  Small: s.small,
  Count: specialCount(s),
  PatternChoices: SPECIAL_PATTERNS.map((p) => ({ Pattern: p, Count: patternNumbers(p).length, Example: patternNumbers(p)[1] ?? '' }))
})
const setting2Of = (s: BetSpecialSetting): BetSpecialSetting2 => ({ UserId: s.bettorId, Series: s.series, SkipPlaced: s.skipPlaced, MaxStake: s.maxStake })

/** The numbers of the form's text; each must be 4 digits (the text's length keeps them to 500). */
function numbersOfText (text: string): string[] {
  const numbers = text.split(/[\s,]+/).filter((n) => n !== '')
  const bad = numbers.find((n) => !/^\d{4}$/.test(n))
  if (bad !== undefined) throw outsetErrors.badNumber(bad, 'a 4-digit number such as 1234')
  return numbers
}

/** One out-setting limit row: Number '*' is the level's default for every number; null for no limit. */
export interface OutSettingAnswer { UserId: string, Number: string, Big: number | null, Small: number | null, Units: number | null }
/** An out-setting as sent: whose (the caller's account when absent), which number ('*' or empty: the default) and the game's limits. */
export interface OutSettingInput { UserId?: string | undefined, Number?: string | undefined, Big?: number | null | undefined, Small?: number | null | undefined, Units?: number | null | undefined }

/** A level's out-setting limits of the game (a staff admin reads the company's; a named user must be within reach); OutSet needed. */
export async function outSettingsOf (db: Db, caller: Caller, input: { game: Game, userId?: string | undefined }): Promise<OutSettingAnswer[]> {
  await assertOutSet(db, caller.user)
  const userId = await subjectOf(db, caller.user, input.userId)
  return (await outLimitsOf(db, userId, input.game)).map(toOutSetting)
}

/** Sets (or, all null, clears) a level's limit on a number of the game, in the game's own fields and in cents; audited; answers the row (null: cleared). */
export async function saveOutSetting (db: Db, caller: Caller, input: { game: Game, body: OutSettingInput }): Promise<OutSettingAnswer | null> {
  const { game, body } = input
  const user = caller.user
  await assertOutSet(db, user)
  const userId = await subjectOf(db, user, body.UserId)
  if (await findRole(db, userId) === 'MEM') throw outsetErrors.memberKeepsNothing(userId)
  // One game's bet types only: a field of the other game would be stored and never read.
  if (game === '4D' && body.Units !== undefined && body.Units !== null) throw outsetErrors.wrongField('Units', '4D', 'give Big and Small in dollars')
  if (game === 'TOTO' && ((body.Big ?? null) !== null || (body.Small ?? null) !== null)) throw outsetErrors.wrongField(body.Big !== undefined ? 'Big' : 'Small', 'TOTO', 'give Units')
  for (const [field, value] of [['Big', body.Big], ['Small', body.Small], ['Units', body.Units]] as const) {
    if (!(value === null || value === undefined || inWholeCents(value))) throw outsetErrors.badNumber(String(value), `a valid ${field}: use at most 2 decimals`)
  }
  const raw = (body.Number ?? '').trim()
  const number = raw === '' || raw === '*' ? '*' : normaliseNumber(game, raw)
  const limits = [body.Big ?? null, body.Small ?? null, body.Units ?? null]
  const cleared = limits.every((v) => v === null)
  const saved = await db.transaction(async (tx) => {
    const row = await writeOutLimit(tx, userId, game, number, cleared ? null : limits, caller.now)
    await auditCall(tx, caller, 'outSetting.save', { game, UserId: userId, Number: number, Big: limits[0], Small: limits[1], Units: limits[2] })
    return row
  })
  return saved ? toOutSetting(saved) : null
}

/** Who may be a partner of the account's distributor (its downline agents and admins), partners first; OutSet needed, the owner's only. */
export async function partnerCandidatesOf (db: Db, caller: Caller, input: { distributorId: number }): Promise<Array<{ UserId: string, UserName: string, Role: string, Partner: boolean }>> {
  await assertOutSet(db, caller.user)
  // The account's outlet: a staff admin manages the company's (subjectOf).
  const userId = await subjectOf(db, caller.user)
  await ownedDistributor(db, userId, input.distributorId)
  const partners = await partnersOf(db, input.distributorId)
  // Partners first, so a long downline still shows who is chosen at the top.
  const all = (await partnerCandidates(db, userId)).map((m) => ({ UserId: m.UserId, UserName: m.UserName, Role: m.Role, Partner: partners.has(m.UserId) }))
  return all.sort((a, b) => Number(b.Partner) - Number(a.Partner))
}

/** Replaces the partners of the account's distributor (and its web address when given); audited; answers the partners by id. */
export async function setPartners (db: Db, caller: Caller, input: { distributorId: number, userIds: string[], web?: string | undefined }): Promise<string[]> {
  await assertOutSet(db, caller.user)
  const userId = await subjectOf(db, caller.user)
  const id = input.distributorId
  const wanted = input.userIds.map((u) => u.trim())
  const web = input.web
  const allowed = new Set((await partnerCandidates(db, userId)).map((m) => m.UserId))
  const stranger = wanted.find((u) => !allowed.has(u))
  if (stranger !== undefined) throw outsetErrors.partnerNotDownline(stranger)
  await db.transaction(async (tx) => {
    // The distributor row stays locked until commit: two replacements of its list cannot interleave.
    await lockDistributor(tx, id)
    await ownedDistributor(tx, userId, id)
    await replacePartners(tx, id, wanted)
    if (web !== undefined) await setDistributorWeb(tx, id, web)
    await auditCall(tx, caller, 'distributor.partners', { Account: userId, DistributorId: id, UserIds: wanted, ...(web === undefined ? {} : { Web: web }) })
  })
  return [...wanted].sort()
}

/** A distributor's fields as its form sends them (untrimmed; phone and remark optional). */
export interface DistributorInput { Name: string, Phone?: string | undefined, Remark?: string | undefined }

const distributorFields = (input: DistributorInput) => ({ name: input.Name.trim(), phone: input.Phone?.trim() ?? '', remark: input.Remark?.trim() ?? '' })

/** Adds a distributor to the account's own list under a name it does not use yet; OutSet needed; audited; answers it as the lists show it. */
export async function createDistributor (db: Db, caller: Caller, input: DistributorInput): Promise<DistributorAnswer> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  const fields = distributorFields(input)
  const row = await db.transaction(async (tx) => {
    await lockDistributorNames(tx)
    if (await nameTaken(tx, account, fields.name, 0)) throw outsetErrors.distributorTaken(fields.name)
    const id = await insertDistributor(tx, account, fields, caller.now)
    await auditCall(tx, caller, 'distributor.create', { Account: account, Name: fields.name })
    return ownDistributor(tx, account, id)
  })
  return distributorAnswer(account)(row)
}

/** Changes one of the account's own distributors (its name still unused by the others); OutSet needed; audited; answers it as the lists show it. */
export async function editDistributor (db: Db, caller: Caller, input: DistributorInput & { DistributorId: number }): Promise<DistributorAnswer> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  const id = input.DistributorId
  const fields = distributorFields(input)
  const row = await db.transaction(async (tx) => {
    await lockDistributorNames(tx)
    await ownedDistributor(tx, account, id)
    if (await nameTaken(tx, account, fields.name, id)) throw outsetErrors.distributorTaken(fields.name)
    await updateDistributor(tx, id, fields)
    await auditCall(tx, caller, 'distributor.update', { Account: account, DistributorId: id, Name: fields.name })
    return ownDistributor(tx, account, id)
  })
  return distributorAnswer(account)(row)
}

/** Marks one of the account's own distributors deleted (its throws keep naming it); OutSet needed; audited. */
export async function removeDistributor (db: Db, caller: Caller, input: { distributorId: number }): Promise<void> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  const id = input.distributorId
  await db.transaction(async (tx) => {
    await ownedDistributor(tx, account, id)
    await deleteDistributor(tx, id, caller.now)
    await auditCall(tx, caller, 'distributor.delete', { Account: account, DistributorId: id })
  })
}

/** Replaces the rules of one of the account's own distributors (each checked first); OutSet needed; audited with the rules as sent; answers the saved ones. */
export async function saveRules (db: Db, caller: Caller, input: { distributorId: number, rules: RuleInput[] }): Promise<Array<ReturnType<typeof ruleAnswer>>> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  const id = input.distributorId
  const rules = input.rules.map((r, i) => checkRule(i + 1, r))
  return db.transaction(async (tx) => {
    await lockDistributor(tx, id)
    await ownedDistributor(tx, account, id)
    await replaceRules(tx, id, rules)
    await auditCall(tx, caller, 'distributor.rules', { Account: account, DistributorId: id, Rules: input.rules })
    return (await rulesOf(tx, [id])).map(ruleAnswer)
  })
}

/**
 * Queues the job that throws the account's excess on a draw not settled yet (the next when none is named) by one usable distributor's rules
 * for the game; the job is the caller's, who polls it and is the throws' creator; audited. The caller wakes the job runner after.
 */
export async function startRuleOutset (db: Db, caller: Caller, input: { game: Game, distributorId: number, drawId?: number | undefined }): Promise<number> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  const { game, distributorId: id } = input
  return db.transaction(async (tx) => {
    const draw = await unsettledDraw(tx, game, input.drawId, caller.now)
    await usableDistributor(tx, account, id)
    if ((await rulesOf(tx, [id], game)).length === 0) throw outsetErrors.noRules(id, game)
    const payload: RuleThrowScope = { game, drawId: Number(draw.draw_id), userId: account, distributorId: id }
    const jobId = await enqueueJob(tx, { kind: OUTSET_RULE_JOB, subjectId: id, userId: caller.user.userId, payload, maxAttempts: 3 })
    await auditCall(tx, caller, 'outset.rule.start', { JobId: jobId, Account: account, ...payload })
    return jobId
  })
}

/** Queues the job that throws every excess of the account's intake on a draw out to one usable distributor; audited. The caller wakes the job runner after. */
export async function startOutsetProcess (db: Db, caller: Caller, input: { game: Game, distributorId: number, drawId?: number | undefined }): Promise<number> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  return db.transaction(async (tx) => {
    const draw = await unsettledDraw(tx, input.game, input.drawId, caller.now)
    await usableDistributor(tx, account, input.distributorId)
    const payload: OutsetProcessPayload = { game: input.game, drawId: Number(draw.draw_id), userId: account, distributorId: input.distributorId }
    const jobId = await enqueueJob(tx, { kind: OUTSET_PROCESS_JOB, subjectId: Number(draw.draw_id), userId: caller.user.userId, payload, maxAttempts: 3 })
    await auditCall(tx, caller, 'outset.process.start', { JobId: jobId, Account: account, ...payload })
    return jobId
  })
}

/** Queues the job that throws the account's excess on a draw by the rules of every distributor it may use; audited. The caller wakes the job runner after. */
export async function startOutsetProcess2 (db: Db, caller: Caller, input: { game: Game, drawId?: number | undefined }): Promise<number> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  return db.transaction(async (tx) => {
    const draw = await unsettledDraw(tx, input.game, input.drawId, caller.now)
    const payload: RuleThrowScope = { game: input.game, drawId: Number(draw.draw_id), userId: account }
    const jobId = await enqueueJob(tx, { kind: OUTSET_PROCESS2_JOB, subjectId: Number(draw.draw_id), userId: caller.user.userId, payload, maxAttempts: 3 })
    await auditCall(tx, caller, 'outset.process2.start', { JobId: jobId, Account: account, ...payload })
    return jobId
  })
}

/** Who may be a partner: the owner's downline agents and admins (members keep no intake, so they never throw). */
async function partnerCandidates (db: Db, userId: string) {
  return (await groupOf(db, userId)).filter((m) => m.UserId !== userId && (m.Role === 'AG' || m.Role === 'ADMIN'))
}

const limitOf = (v: string | null) => v === null ? null : Number(v)
const toOutSetting = (r: OutLimitRow): OutSettingAnswer => ({ UserId: r.user_id, Number: r.number, Big: limitOf(r.big_limit), Small: limitOf(r.small_limit), Units: limitOf(r.unit_limit) })

/** A partner's bets file: Bet Upload's file, recording the partner (a distributor the uploader may use) the bets came from; audited. */
export async function uploadPartnerFile (db: Db, caller: Caller, input: { game: Game, form: UploadForm }): Promise<FileAnswer> {
  const sent = input.form.fields.PartnerId
  const partnerId = Number(sent)
  if (!/^[1-9][0-9]{0,9}$/.test(sent ?? '') || partnerId > 2147483647) throw accountErrors.outOfRange('body/PartnerId', Number.isFinite(partnerId) ? partnerId : 0, 2147483647)
  // The outlets of the caller's account (a staff admin's: the company's, those its partner picker lists).
  await usableDistributor(db, await subjectOf(db, caller.user), partnerId)
  return uploadTextFile(db, caller, { ...input, partnerId })
}
