// Payments: record a payment in or out (one or many), adjust a balance, delete one (a reversing entry), a user's statement (a period or a month), and the downline's sums.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import type { Queryable } from '../../../shared/db.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { confirmSuperPassword } from '../../lib/super-password.ts'
import { caller } from '../../plugins/auth.ts'
import { assertOtherThanAccount, subjectOf } from '../../lib/downline-access.ts'
import { dollars } from '../../accounts/rules/downline-rules.ts'
import { SuperPasswordBody, bodyMayBeAbsent } from '../../accounts/schemas.ts'
import { lockUsers } from '../../accounts/api.ts'
import { paymentErrors } from '../errors.ts'
import { appendEntry, entryById, statementOf, statementSums } from '../store/ledger.ts'
import { monthPeriodOf, periodOf, type Period } from '../rules/period.ts'
import { STATEMENT_TYPES } from '../rules/entry-kinds.ts'
import { AdjustBody, Entry, MonthQuery, MonthStatement, PaymentBody, PaymentUser, PaymentsBody, PeriodQuery, Statement, StatementSum, StatementType } from '../schemas.ts'
import groupExpenseRoutes from './group-expenses.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'
import { directPayees, payeesUnder } from '../store/payees.ts'

/** The payment calls. */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Whose books the caller keeps: their own, the company's for a staff admin (subjectOf); the caller stays the actor in the audit.
  const accountOf = (request: FastifyRequest) => subjectOf(app.db, caller(request))
  // Payments are recorded by an upline for a user below it, never by a user (or a staff admin's company) for itself.
  const assertBelow = (request: FastifyRequest, userId: string) => assertOtherThanAccount(app.db, caller(request), userId, errors.paymentOwn)

  app.get('/paymentUserIds', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(PaymentUser)) }
  }, async (request) => {
    // The whole downline, not only the direct one: the company confirms deletes of any user's entries below it.
    return ok(await payeesUnder(app.db, await accountOf(request)))
  })

  // One payment, under the payee's lock, audited; insertStatement2 and insertStatements both record through it.
  const recordPayment = async (tx: Queryable, request: FastifyRequest, p: Omit<Static<typeof PaymentBody>, 'LocId'>) => {
    if (!(await lockUsers(tx, [p.UserId])).has(p.UserId)) throw errors.userNotFound(p.UserId)
    const id = await appendEntry(tx, { userId: p.UserId, kind: p.Type === 'IN' ? 'payment_in' : 'payment_out', amount: p.Type === 'IN' ? p.Amount : -p.Amount, remarks: p.Remarks ?? '', createdBy: caller(request).userId, now: app.gaNow() })
    await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'payment.insert', detail: { UserId: p.UserId, Type: p.Type, Amount: p.Amount, EntryId: id } })
    return id
  }
  const entryOf = async (entryId: number) => {
    const entry = await entryById(app.db, entryId)
    if (!entry) throw errors.ledgerEntryNotFound(entryId)
    return entry
  }

  app.post('/insertStatement2', { schema: { body: PaymentBody, response: envelope(Entry) } }, async (request) => {
    if (!inWholeCents(request.body.Amount)) throw errors.fieldNotCents('Amount', request.body.Amount)
    await assertBelow(request, request.body.UserId)
    return ok(await entryOf(await app.db.transaction((tx) => recordPayment(tx, request, request.body))))
  })

  // Many payments at once, all or none: every one is checked before any is written, and they share one transaction.
  app.post('/insertStatements', { schema: { body: PaymentsBody, response: envelope(Type.Array(Entry)) } }, async (request) => {
    const entries = request.body.Entries
    for (const [i, p] of entries.entries()) if (!inWholeCents(p.Amount)) throw errors.fieldNotCents(`body/Entries/${i}/Amount`, p.Amount)
    for (const p of entries) await assertBelow(request, p.UserId)
    const ids = await app.db.transaction(async (tx) => {
      // Locked in id order up front: two batches naming the same users cannot deadlock.
      const locked = await lockUsers(tx, entries.map((p) => p.UserId))
      for (const p of entries) if (!locked.has(p.UserId)) throw errors.userNotFound(p.UserId)
      const done: number[] = []
      for (const p of entries) done.push(await recordPayment(tx, request, { ...p, Remarks: p.Remarks ?? request.body.Remarks }))
      return done
    })
    return ok(await Promise.all(ids.map(entryOf)))
  })

  // Adjusts a user's balance by hand (an adjustment entry, its own column in the sums) and answers the user's statement sum row after it.
  app.post('/updateStatementSum', { schema: { body: AdjustBody, response: envelope(StatementSum) } }, async (request) => {
    const { UserId: userId, Amount: amount, Remarks: remarks } = request.body
    if (amount === 0) throw paymentErrors.adjustNothing()
    if (!inWholeCents(amount)) throw errors.fieldNotCents('Amount', amount)
    await assertBelow(request, userId)
    const period = periodOf(request.body.DrawFrom, request.body.DrawTo, app.gaNow())
    await app.db.transaction(async (tx) => {
      if (!(await lockUsers(tx, [userId])).has(userId)) throw errors.userNotFound(userId)
      const id = await appendEntry(tx, { userId, kind: 'adjustment', amount, remarks, createdBy: caller(request).userId, now: app.gaNow() })
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'statement.adjust', detail: { UserId: userId, Amount: amount, EntryId: id } })
    })
    const payee = (await payeesUnder(app.db, await accountOf(request))).find((p) => p.UserId === userId)
    if (!payee) throw errors.userNotFound(userId)
    const [line] = await statementSums(app.db, [userId], period)
    if (!line) throw errors.userNotFound(userId)
    return ok({ ...line, UserName: payee.UserName, Role: payee.Role, AccBal: payee.AccBal })
  })

  app.delete('/deleteStatement2/:id', {
    preValidation: bodyMayBeAbsent,
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'a ledger entry id' }) }), querystring: Type.Object({ LocId: LocIdField }), body: SuperPasswordBody, response: envelope(Entry) }
  }, async (request) => {
    const id = request.params.id
    const found = await entryById(app.db, id)
    if (!found) throw errors.ledgerEntryNotFound(id)
    await assertBelow(request, found.UserId)
    // Destructive: the company confirms with its super password, outside the transaction so a wrong try counts.
    if (caller(request).role !== 'ADMIN') throw paymentErrors.deleteNeedsCompany(id)
    await confirmSuperPassword(app.db, caller(request).userId, request.body.SuperPassword, app.gaNow())
    const reversal = await app.db.transaction(async (tx) => {
      await lockUsers(tx, [found.UserId])
      // Read again under the user's lock: two deletes of one entry must not both reverse it.
      const entry = await entryById(tx, id)
      if (!entry) throw errors.ledgerEntryNotFound(id)
      if (entry.Kind !== 'payment_in' && entry.Kind !== 'payment_out') throw errors.ledgerEntryFixed(id, `it is a ${entry.Kind} entry; only payments can be deleted`)
      if (entry.ReversedBy !== null) throw errors.ledgerEntryFixed(id, `it was deleted already (reversed by entry ${entry.ReversedBy})`)
      const newId = await appendEntry(tx, { userId: entry.UserId, kind: 'reversal', amount: -entry.Amount, reverses: id, remarks: `reverses entry ${id} (${dollars(entry.Amount)})`, createdBy: caller(request).userId, now: app.gaNow() })
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'payment.delete', detail: { UserId: entry.UserId, EntryId: id, ReversalId: newId } })
      return newId
    })
    const entry = await entryById(app.db, reversal)
    if (!entry) throw errors.ledgerEntryNotFound(reversal)
    return ok(entry)
  })

  app.get('/statementByUserId', { schema: { querystring: PeriodQuery, response: envelope(Statement) } }, async (request) => {
    const userId = await subjectOf(app.db, caller(request), request.query.UserId)
    const period = periodOf(request.query.DrawFrom, request.query.DrawTo, app.gaNow())
    return ok({ UserId: userId, DrawFrom: period.from, DrawTo: period.to, ...await statementOf(app.db, userId, period) })
  })

  // The period's sums of the downline of the caller (or of UserId in their tree): the direct one, or with Full the whole group.
  const sumsOf = async (root: string, period: Period, full: boolean) => {
    const payees = full ? await payeesUnder(app.db, root) : await directPayees(app.db, root)
    const sums = new Map((await statementSums(app.db, payees.map((p) => p.UserId), period)).map((s) => [s.UserId, s]))
    return payees.map((p) => {
      const s = sums.get(p.UserId)
      if (!s) throw errors.userNotFound(p.UserId)
      return { ...s, UserName: p.UserName, Role: p.Role, AccBal: p.AccBal }
    })
  }
  for (const [url, full] of [['/selectStatementSum', false], ['/selectStatementSumFull', true]] as const) {
    app.get(url, { schema: { querystring: PeriodQuery, response: envelope(Type.Array(StatementSum)) } }, async (request) => {
      const root = await subjectOf(app.db, caller(request), request.query.UserId)
      return ok(await sumsOf(root, periodOf(request.query.DrawFrom, request.query.DrawTo, app.gaNow()), full))
    })
  }

  // A user's statement for a calendar month (Payment History's monthly statements): the statementByUserId read over the month's days.
  app.get('/statementByMonth', { schema: { querystring: MonthQuery, response: envelope(MonthStatement) } }, async (request) => {
    const userId = await subjectOf(app.db, caller(request), request.query.UserId)
    const period = monthPeriodOf(request.query.Month, app.gaNow())
    return ok({ Month: period.month, UserId: userId, DrawFrom: period.from, DrawTo: period.to, ...await statementOf(app.db, userId, period) })
  })

  app.get('/selectStatementType', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(StatementType)) } }, async () => ok([...STATEMENT_TYPES]))

  await app.register(groupExpenseRoutes)
}

export default paymentRoutes
