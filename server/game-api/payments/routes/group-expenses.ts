// Group expenses (GET, POST groupExpense, DELETE groupExpense/:id): costs recorded against an agent's group, charged to its statement.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { assertOtherThanAccount, subjectOf } from '../../lib/downline-access.ts'
import { lockUsers } from '../../accounts/api.ts'
import { isIsoDate } from '../../../../schemas/domain/calendar.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'
import { paymentErrors } from '../errors.ts'
import { periodOf } from '../rules/period.ts'
import { PeriodQuery } from '../schemas.ts'
import { payeesUnder } from '../store/payees.ts'
import { addExpense, expensesOf, liveExpense, removeExpense } from '../store/group-expenses.ts'

const GroupExpense = Type.Object({
  ExpenseId: Type.Integer(),
  UserId: Type.String(),
  ExpenseDate: Type.String(),
  Amount: Type.Number({ description: 'dollars charged to the group' }),
  Description: Type.String(),
  EntryId: Type.Integer({ description: 'the statement entry that charges it' }),
  CreatedBy: Type.String(),
  CreatedDate: Type.String()
})
const ExpenseBody = Type.Object({
  LocId: LocIdField,
  UserId: Type.String({ minLength: 1, maxLength: 50, description: 'the agent whose group bears the expense (below the caller)' }),
  ExpenseDate: Type.String({ maxLength: 10, description: 'the day it is for, YYYY-MM-DD' }),
  Amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'dollars above 0, in cents at most' }),
  Description: Type.String({ minLength: 1, maxLength: 200, description: 'what it was, 1 to 200 characters' })
})

/** The group expense calls, in the payments domain (their charges are statement entries). */
const groupExpenseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Charged by an upline, as payments are: never to one's own group, nor by a staff admin to its company's (it keeps the company's books).
  const assertBelow = (request: FastifyRequest, userId: string) => assertOtherThanAccount(app.db, caller(request), userId, errors.paymentOwn)

  // The expenses of the groups in the caller's reach (UserId's group, else its account's (a staff admin: the company's), and those below it) dated in the period (default the draw week).
  app.get('/groupExpense', { schema: { querystring: PeriodQuery, response: envelope(Type.Array(GroupExpense)) } }, async (request) => {
    const root = await subjectOf(app.db, caller(request), request.query.UserId)
    const period = periodOf(request.query.DrawFrom, request.query.DrawTo, app.gaNow())
    const ids = [root, ...(await payeesUnder(app.db, root)).map((p) => p.UserId)]
    return ok(await expensesOf(app.db, ids, period))
  })

  app.post('/groupExpense', { schema: { body: ExpenseBody, response: envelope(GroupExpense) } }, async (request) => {
    const { UserId: userId, ExpenseDate: date, Amount: amount, Description: description } = request.body
    if (!isIsoDate(date)) throw errors.fieldNotDate('body/ExpenseDate', date)
    if (!inWholeCents(amount)) throw errors.fieldNotCents('Amount', amount)
    const account = await assertBelow(request, userId)
    const id = await app.db.transaction(async (tx) => {
      const head = (await lockUsers(tx, [userId])).get(userId)
      if (!head) throw errors.userNotFound(userId)
      if (head.role === 'MEM') throw paymentErrors.expenseNotGroup(userId)
      const expenseId = await addExpense(tx, { userId, date, amount, description, createdBy: caller(request).userId, now: app.gaNow() })
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'groupExpense.create', detail: { Account: account, ExpenseId: expenseId, UserId: userId, ExpenseDate: date, Amount: amount } })
      return expenseId
    })
    const made = await liveExpense(app.db, id)
    if (!made) throw paymentErrors.expenseNotFound(id)
    return ok(made)
  })

  // Deleting gives the charge back by a reversing entry; the expense leaves the list.
  app.delete('/groupExpense/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'a group expense id' }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(GroupExpense) }
  }, async (request) => {
    const id = request.params.id
    const found = await liveExpense(app.db, id)
    if (!found) throw paymentErrors.expenseNotFound(id)
    const account = await assertBelow(request, found.UserId)
    await app.db.transaction(async (tx) => {
      await lockUsers(tx, [found.UserId])
      // Read again under the lock: two deletes must not both give it back.
      const expense = await liveExpense(tx, id, true)
      if (!expense) throw paymentErrors.expenseNotFound(id)
      await removeExpense(tx, expense, caller(request).userId, app.gaNow())
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'groupExpense.delete', detail: { Account: account, ExpenseId: id, UserId: expense.UserId } })
    })
    return ok(found)
  })
}

export default groupExpenseRoutes
