// Group expenses (GET, POST groupExpense, DELETE groupExpense/:id): costs recorded against an agent's group, charged to its statement.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { PeriodQuery } from '../schemas.ts'
import { addGroupExpense, groupExpensesOf, removeGroupExpense } from '../api.ts'

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
  // The expenses of the groups in the caller's reach (UserId's group, else its account's (a staff admin: the company's), and those below it) dated in the period (default the draw week).
  app.get('/groupExpense', { schema: { querystring: PeriodQuery, response: envelope(Type.Array(GroupExpense)) } }, async (request) => ok(await groupExpensesOf(app.db, callerOf(request), request.query)))

  app.post('/groupExpense', { schema: { body: ExpenseBody, response: envelope(GroupExpense) } }, async (request) => ok(await addGroupExpense(app.db, callerOf(request), request.body)))

  // Deleting gives the charge back by a reversing entry; the expense leaves the list.
  app.delete('/groupExpense/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'a group expense id' }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(GroupExpense) }
  }, async (request) => ok(await removeGroupExpense(app.db, callerOf(request), { expenseId: request.params.id })))
}

export default groupExpenseRoutes
