// Payments: record a payment in or out (one or many), adjust a balance, delete one (a reversing entry), a user's statement (a period or a month), and the downline's sums.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { SuperPasswordBody, bodyMayBeAbsent } from '../../accounts/schemas.ts'
import { STATEMENT_TYPES } from '../rules/entry-kinds.ts'
import { AdjustBody, Entry, MonthQuery, MonthStatement, PaymentBody, PaymentUser, PaymentsBody, PeriodQuery, Statement, StatementSum, StatementType } from '../schemas.ts'
import { adjustBalance, deletePayment, paymentUsers, recordPayment, recordPayments, statementByMonth, statementByUser, statementSumsOf } from '../api.ts'
import groupExpenseRoutes from './group-expenses.ts'

/** The payment calls. */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/paymentUserIds', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(PaymentUser)) }
  }, async (request) => ok(await paymentUsers(app.db, callerOf(request))))

  app.post('/insertStatement2', { schema: { body: PaymentBody, response: envelope(Entry) } }, async (request) => ok(await recordPayment(app.db, callerOf(request), request.body)))

  // Many payments at once, all or none: every one is checked before any is written, and they share one transaction.
  app.post('/insertStatements', { schema: { body: PaymentsBody, response: envelope(Type.Array(Entry)) } }, async (request) => ok(await recordPayments(app.db, callerOf(request), request.body)))

  // Adjusts a user's balance by hand (an adjustment entry, its own column in the sums) and answers the user's statement sum row after it.
  app.post('/updateStatementSum', { schema: { body: AdjustBody, response: envelope(StatementSum) } }, async (request) => ok(await adjustBalance(app.db, callerOf(request), request.body)))

  app.delete('/deleteStatement2/:id', {
    preValidation: bodyMayBeAbsent,
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'a ledger entry id' }) }), querystring: Type.Object({ LocId: LocIdField }), body: SuperPasswordBody, response: envelope(Entry) }
  }, async (request) => ok(await deletePayment(app.db, callerOf(request), { entryId: request.params.id, superPassword: request.body.SuperPassword })))

  app.get('/statementByUserId', { schema: { querystring: PeriodQuery, response: envelope(Statement) } }, async (request) => ok(await statementByUser(app.db, callerOf(request), request.query)))

  // The period's sums of the downline of the caller (or of UserId in their tree): the direct one, or with Full the whole group.
  for (const [url, full] of [['/selectStatementSum', false], ['/selectStatementSumFull', true]] as const) {
    app.get(url, { schema: { querystring: PeriodQuery, response: envelope(Type.Array(StatementSum)) } }, async (request) => ok(await statementSumsOf(app.db, callerOf(request), { query: request.query, full })))
  }

  // A user's statement for a calendar month (Payment History's monthly statements): the statementByUserId read over the month's days.
  app.get('/statementByMonth', { schema: { querystring: MonthQuery, response: envelope(MonthStatement) } }, async (request) => ok(await statementByMonth(app.db, callerOf(request), request.query)))

  app.get('/selectStatementType', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(StatementType)) } }, async () => ok([...STATEMENT_TYPES]))

  await app.register(groupExpenseRoutes)
}

export default paymentRoutes
