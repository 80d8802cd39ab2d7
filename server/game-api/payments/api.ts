// The payments module's use cases: (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
// Whose books the caller keeps: their own, the company's for a staff admin (subjectOf); the caller stays the actor in the audit.
import type { Static } from 'typebox'
import type { Db, Queryable } from '../../shared/db.ts'
import { isIsoDate } from '../../../schemas/domain/calendar.ts'
import { inWholeCents } from '../../../schemas/domain/cents.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { confirmSuperPassword } from '../lib/super-password.ts'
import { assertOtherThanAccount, subjectOf } from '../lib/downline-access.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { dollars, lockUsers } from '../accounts/api.ts'
import { paymentErrors } from './errors.ts'
import { monthPeriodOf, periodOf, type Period } from './rules/period.ts'
import type { AdjustBody, Entry, MonthStatement, PaymentBody, PaymentUser, PaymentsBody, Statement, StatementSum } from './schemas.ts'
import { appendEntry, entryById, statementOf, statementSums } from './store/ledger.ts'
import { directPayees, payeesUnder } from './store/payees.ts'
import { addExpense, expensesOf, liveExpense, removeExpense, type GroupExpense } from './store/group-expenses.ts'

export { periodOf } from './rules/period.ts'

type EntryAnswer = Static<typeof Entry>
type SumAnswer = Static<typeof StatementSum>
/** A statement query: whose (the caller's account when absent) and the period's days. */
interface StatementQuery { UserId?: string | undefined, DrawFrom?: string | undefined, DrawTo?: string | undefined }

/** The caller's whole downline to pay (not only the direct one: the company confirms deletes of any user's entries below it). */
export async function paymentUsers (db: Db, caller: Caller): Promise<Array<Static<typeof PaymentUser>>> {
  return payeesUnder(db, await subjectOf(db, caller.user))
}

/** Records one payment in or out for a user below the caller's account (in cents); audited; answers its entry. */
export async function recordPayment (db: Db, caller: Caller, body: Omit<Static<typeof PaymentBody>, 'LocId'>): Promise<EntryAnswer> {
  if (!inWholeCents(body.Amount)) throw errors.fieldNotCents('Amount', body.Amount)
  await assertBelow(db, caller, body.UserId)
  return entryOf(db, await db.transaction((tx) => appendPayment(tx, caller, body)))
}

/** Records many payments at once, all or none: every one is checked before any is written, and they share one transaction; audited each. */
export async function recordPayments (db: Db, caller: Caller, body: Omit<Static<typeof PaymentsBody>, 'LocId'>): Promise<EntryAnswer[]> {
  const entries = body.Entries
  for (const [i, p] of entries.entries()) if (!inWholeCents(p.Amount)) throw errors.fieldNotCents(`body/Entries/${i}/Amount`, p.Amount)
  for (const p of entries) await assertBelow(db, caller, p.UserId)
  const ids = await db.transaction(async (tx) => {
    // Locked in id order up front: two batches naming the same users cannot deadlock.
    const locked = await lockUsers(tx, entries.map((p) => p.UserId))
    for (const p of entries) if (!locked.has(p.UserId)) throw errors.userNotFound(p.UserId)
    const done: number[] = []
    for (const p of entries) done.push(await appendPayment(tx, caller, { ...p, Remarks: p.Remarks ?? body.Remarks }))
    return done
  })
  return Promise.all(ids.map((id) => entryOf(db, id)))
}

/** Adjusts a user's balance by hand (an adjustment entry, its own column in the sums); audited; answers the user's statement sum row after it. */
export async function adjustBalance (db: Db, caller: Caller, body: Omit<Static<typeof AdjustBody>, 'LocId'>): Promise<SumAnswer> {
  const { UserId: userId, Amount: amount, Remarks: remarks } = body
  if (amount === 0) throw paymentErrors.adjustNothing()
  if (!inWholeCents(amount)) throw errors.fieldNotCents('Amount', amount)
  await assertBelow(db, caller, userId)
  const period = periodOf(body.DrawFrom, body.DrawTo, caller.now)
  await db.transaction(async (tx) => {
    if (!(await lockUsers(tx, [userId])).has(userId)) throw errors.userNotFound(userId)
    const id = await appendEntry(tx, { userId, kind: 'adjustment', amount, remarks, createdBy: caller.user.userId, now: caller.now })
    await auditCall(tx, caller, 'statement.adjust', { UserId: userId, Amount: amount, EntryId: id })
  })
  const payee = (await payeesUnder(db, await subjectOf(db, caller.user))).find((p) => p.UserId === userId)
  if (!payee) throw errors.userNotFound(userId)
  const [line] = await statementSums(db, [userId], period)
  if (!line) throw errors.userNotFound(userId)
  return { ...line, UserName: payee.UserName, Role: payee.Role, AccBal: payee.AccBal }
}

/** Deletes a payment by a reversing entry (the company, confirming with its super password, outside the transaction so a wrong try counts); audited. */
export async function deletePayment (db: Db, caller: Caller, input: { entryId: number, superPassword?: string | undefined }): Promise<EntryAnswer> {
  const id = input.entryId
  const found = await entryById(db, id)
  if (!found) throw errors.ledgerEntryNotFound(id)
  await assertBelow(db, caller, found.UserId)
  if (caller.user.role !== 'ADMIN') throw paymentErrors.deleteNeedsCompany(id)
  await confirmSuperPassword(db, caller.user.userId, input.superPassword, caller.now)
  const reversal = await db.transaction(async (tx) => {
    await lockUsers(tx, [found.UserId])
    // Read again under the user's lock: two deletes of one entry must not both reverse it.
    const entry = await entryById(tx, id)
    if (!entry) throw errors.ledgerEntryNotFound(id)
    if (entry.Kind !== 'payment_in' && entry.Kind !== 'payment_out') throw errors.ledgerEntryFixed(id, `it is a ${entry.Kind} entry; only payments can be deleted`)
    if (entry.ReversedBy !== null) throw errors.ledgerEntryFixed(id, `it was deleted already (reversed by entry ${entry.ReversedBy})`)
    const newId = await appendEntry(tx, { userId: entry.UserId, kind: 'reversal', amount: -entry.Amount, reverses: id, remarks: `reverses entry ${id} (${dollars(entry.Amount)})`, createdBy: caller.user.userId, now: caller.now })
    await auditCall(tx, caller, 'payment.delete', { UserId: entry.UserId, EntryId: id, ReversalId: newId })
    return newId
  })
  return entryOf(db, reversal)
}

/** A user's statement (UserId in the caller's tree, else the caller's account) over the period. */
export async function statementByUser (db: Db, caller: Caller, query: StatementQuery): Promise<Static<typeof Statement>> {
  const userId = await subjectOf(db, caller.user, query.UserId)
  const period = periodOf(query.DrawFrom, query.DrawTo, caller.now)
  return { UserId: userId, DrawFrom: period.from, DrawTo: period.to, ...await statementOf(db, userId, period) }
}

/** A user's statement for a calendar month (this month when absent): the statement over the month's days. */
export async function statementByMonth (db: Db, caller: Caller, query: { UserId?: string | undefined, Month?: string | undefined }): Promise<Static<typeof MonthStatement>> {
  const userId = await subjectOf(db, caller.user, query.UserId)
  const period = monthPeriodOf(query.Month, caller.now)
  return { Month: period.month, UserId: userId, DrawFrom: period.from, DrawTo: period.to, ...await statementOf(db, userId, period) }
}

/** The period's sums of the downline of the caller's account (or of UserId in their tree): the direct one, or with full the whole group. */
export async function statementSumsOf (db: Db, caller: Caller, input: { query: StatementQuery, full: boolean }): Promise<SumAnswer[]> {
  const root = await subjectOf(db, caller.user, input.query.UserId)
  const period: Period = periodOf(input.query.DrawFrom, input.query.DrawTo, caller.now)
  const payees = input.full ? await payeesUnder(db, root) : await directPayees(db, root)
  const sums = new Map((await statementSums(db, payees.map((p) => p.UserId), period)).map((s) => [s.UserId, s]))
  return payees.map((p) => {
    const s = sums.get(p.UserId)
    if (!s) throw errors.userNotFound(p.UserId)
    return { ...s, UserName: p.UserName, Role: p.Role, AccBal: p.AccBal }
  })
}

/** The expenses of the groups in the caller's reach (UserId's group, else its account's, and those below it) dated in the period (default the draw week). */
export async function groupExpensesOf (db: Db, caller: Caller, query: StatementQuery): Promise<GroupExpense[]> {
  const root = await subjectOf(db, caller.user, query.UserId)
  const period = periodOf(query.DrawFrom, query.DrawTo, caller.now)
  const ids = [root, ...(await payeesUnder(db, root)).map((p) => p.UserId)]
  return expensesOf(db, ids, period)
}

/** Charges an expense to an agent's group below the caller (a statement entry); audited; answers it. */
export async function addGroupExpense (db: Db, caller: Caller, body: { UserId: string, ExpenseDate: string, Amount: number, Description: string }): Promise<GroupExpense> {
  const { UserId: userId, ExpenseDate: date, Amount: amount, Description: description } = body
  if (!isIsoDate(date)) throw errors.fieldNotDate('body/ExpenseDate', date)
  if (!inWholeCents(amount)) throw errors.fieldNotCents('Amount', amount)
  const account = await assertBelow(db, caller, userId)
  const id = await db.transaction(async (tx) => {
    const head = (await lockUsers(tx, [userId])).get(userId)
    if (!head) throw errors.userNotFound(userId)
    if (head.role === 'MEM') throw paymentErrors.expenseNotGroup(userId)
    const expenseId = await addExpense(tx, { userId, date, amount, description, createdBy: caller.user.userId, now: caller.now })
    await auditCall(tx, caller, 'groupExpense.create', { Account: account, ExpenseId: expenseId, UserId: userId, ExpenseDate: date, Amount: amount })
    return expenseId
  })
  const made = await liveExpense(db, id)
  if (!made) throw paymentErrors.expenseNotFound(id)
  return made
}

/** Deletes a group expense, giving the charge back by a reversing entry; audited; answers it as it was. */
export async function removeGroupExpense (db: Db, caller: Caller, input: { expenseId: number }): Promise<GroupExpense> {
  const id = input.expenseId
  const found = await liveExpense(db, id)
  if (!found) throw paymentErrors.expenseNotFound(id)
  const account = await assertBelow(db, caller, found.UserId)
  await db.transaction(async (tx) => {
    await lockUsers(tx, [found.UserId])
    // Read again under the lock: two deletes must not both give it back.
    const expense = await liveExpense(tx, id, true)
    if (!expense) throw paymentErrors.expenseNotFound(id)
    await removeExpense(tx, expense, caller.user.userId, caller.now)
    await auditCall(tx, caller, 'groupExpense.delete', { Account: account, ExpenseId: id, UserId: expense.UserId })
  })
  return found
}

/** One payment, under the payee's lock, audited: what one and many payments both record through. */
async function appendPayment (tx: Queryable, caller: Caller, p: Omit<Static<typeof PaymentBody>, 'LocId'>): Promise<number> {
  if (!(await lockUsers(tx, [p.UserId])).has(p.UserId)) throw errors.userNotFound(p.UserId)
  const id = await appendEntry(tx, { userId: p.UserId, kind: p.Type === 'IN' ? 'payment_in' : 'payment_out', amount: p.Type === 'IN' ? p.Amount : -p.Amount, remarks: p.Remarks ?? '', createdBy: caller.user.userId, now: caller.now })
  await auditCall(tx, caller, 'payment.insert', { UserId: p.UserId, Type: p.Type, Amount: p.Amount, EntryId: id })
  return id
}

/** Payments and expenses are recorded by an upline for a user below it, never by a user (or a staff admin's company) for itself; answers the account. */
async function assertBelow (db: Db, caller: Caller, userId: string): Promise<string> {
  return assertOtherThanAccount(db, caller.user, userId, errors.paymentOwn)
}

/** A ledger entry by id, 404 when gone. */
async function entryOf (db: Db, entryId: number): Promise<EntryAnswer> {
  const entry = await entryById(db, entryId)
  if (!entry) throw errors.ledgerEntryNotFound(entryId)
  return entry
}
