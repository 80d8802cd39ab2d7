// Payments: record a payment in or out, delete one (a reversing entry), a user's statement, and the downline's sums for a period.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { confirmSuperPassword } from '../../lib/super-password.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline } from '../../lib/downline-access.ts'
import { listRoot } from '../../accounts/store/kinds.ts'
import { dollars } from '../../accounts/rules/downline-rules.ts'
import { SuperPasswordBody, bodyMayBeAbsent } from '../../accounts/schemas.ts'
import { lockUsers } from '../../accounts/store/accounts.ts'
import { paymentErrors } from '../errors.ts'
import { appendEntry, entryById, statementOf, statementSums } from '../store/ledger.ts'
import { periodOf } from '../rules/period.ts'
import { Entry, PaymentBody, PaymentUser, PeriodQuery, Statement, StatementSum } from '../schemas.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'
import { directPayees, payeesUnder } from '../store/payees.ts'

/** The payment calls. */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Payments are recorded by an upline for a user below it, never by a user for itself.
  const assertBelow = async (request: FastifyRequest, userId: string) => {
    if (userId === caller(request).userId) throw errors.paymentOwn()
    await assertSelfOrDownline(app.db, caller(request), userId)
  }

  app.get('/paymentUserIds', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(PaymentUser)) }
  }, async (request) => {
    // The whole downline, not only the direct one: the company confirms deletes of any user's entries below it.
    return ok(await payeesUnder(app.db, caller(request).userId))
  })

  app.post('/insertStatement2', { schema: { body: PaymentBody, response: envelope(Entry) } }, async (request) => {
    const { UserId: userId, Type: type, Amount: amount, Remarks: remarks = '' } = request.body
    if (!inWholeCents(amount)) throw errors.fieldNotCents('Amount', amount)
    await assertBelow(request, userId)
    const entryId = await app.db.transaction(async (tx) => {
      if (!(await lockUsers(tx, [userId])).has(userId)) throw errors.userNotFound(userId)
      const id = await appendEntry(tx, { userId, kind: type === 'IN' ? 'payment_in' : 'payment_out', amount: type === 'IN' ? amount : -amount, remarks, createdBy: caller(request).userId, now: app.gaNow() })
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'payment.insert', detail: { UserId: userId, Type: type, Amount: amount, EntryId: id } })
      return id
    })
    const entry = await entryById(app.db, entryId)
    if (!entry) throw errors.ledgerEntryNotFound(entryId)
    return ok(entry)
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
    const userId = await listRoot(app.db, request, request.query.UserId)
    const period = periodOf(request.query.DrawFrom, request.query.DrawTo, app.gaNow())
    return ok({ UserId: userId, DrawFrom: period.from, DrawTo: period.to, ...await statementOf(app.db, userId, period) })
  })

  // The direct downline of the caller (or of UserId in their tree), each with the period's sums.
  app.get('/selectStatementSum', { schema: { querystring: PeriodQuery, response: envelope(Type.Array(StatementSum)) } }, async (request) => {
    const root = await listRoot(app.db, request, request.query.UserId)
    const period = periodOf(request.query.DrawFrom, request.query.DrawTo, app.gaNow())
    const payees = await directPayees(app.db, root)
    const sums = new Map((await statementSums(app.db, payees.map((p) => p.UserId), period)).map((s) => [s.UserId, s]))
    return ok(payees.map((p) => {
      const s = sums.get(p.UserId)
      if (!s) throw errors.userNotFound(p.UserId)
      return { ...s, UserName: p.UserName, Role: p.Role, AccBal: p.AccBal }
    }))
  })
}

export default paymentRoutes
