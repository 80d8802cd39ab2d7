// profileFull (the caller's account with its preferences), PUT mobile2, PUT betEntryAlert, GET/PUT priorityInTakes: the caller's own settings.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline } from '../../lib/downline-access.ts'
import { accountErrors } from '../errors.ts'
import { AccountProfile, MobileNumber } from '../schemas.ts'
import { loadAccount } from '../store/accounts.ts'
import { mobileOf } from '../store/mobile.ts'
import { preferencesOf, writePreference, type Preferences } from '../store/preferences.ts'
import { directDownlineOrder, parentIdOf } from '../store/intake-priority.ts'

const Alert = Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'dollars, in cents at most' }), Type.Null()], { description: 'the line stake above which a bet entry alerts; null: never' })
const FullProfile = Type.Object({ ...AccountProfile.properties, Mobile: Type.String(), Mobile2: Type.String(), BetEntryAlert: Type.Union([Type.Number(), Type.Null()]) })
const PriorityRow = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), Priority: Type.Integer({ minimum: 1 }) })
const Query = Type.Object({ LocId: LocIdField })

const preferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Writes one preference of the caller with its audit, in one transaction. */
  async function save<K extends keyof Preferences> (request: Parameters<typeof caller>[0], key: K, value: Preferences[K]): Promise<void> {
    const { userId } = caller(request)
    await app.db.transaction(async (tx) => {
      await writePreference(tx, userId, key, value, app.gaNow())
      await app.gaAudit(tx, request, { userId, action: `preference.${key}`, detail: { [key]: value } })
    })
  }

  app.get('/profileFull', { schema: { querystring: Query, response: envelope(FullProfile) } }, async (request) => {
    const { userId } = caller(request)
    const account = await loadAccount(app.db, userId)
    if (!account) throw errors.sessionExpired()
    const prefs = await preferencesOf(app.db, userId)
    return ok({ ...account, Mobile: await mobileOf(app.db, userId), Mobile2: prefs.Mobile2, BetEntryAlert: prefs.BetEntryAlert })
  })

  app.put('/mobile2', {
    schema: { body: Type.Object({ Mobile2: Type.Union([MobileNumber, Type.Literal('')], { description: 'a second number as PUT mobile takes it; empty removes it' }), LocId: LocIdField }), response: envelope(Type.Object({ UserId: Type.String(), Mobile2: Type.String() })) }
  }, async (request) => {
    await save(request, 'Mobile2', request.body.Mobile2)
    return ok({ UserId: caller(request).userId, Mobile2: request.body.Mobile2 })
  })

  app.put('/betEntryAlert', {
    schema: { body: Type.Object({ BetEntryAlert: Alert, LocId: LocIdField }), response: envelope(Type.Object({ UserId: Type.String(), BetEntryAlert: Type.Union([Type.Number(), Type.Null()]) })) }
  }, async (request) => {
    const amount = request.body.BetEntryAlert
    if (amount !== null && !inWholeCents(amount)) throw errors.fieldNotCents('body/BetEntryAlert', amount)
    await save(request, 'BetEntryAlert', amount)
    return ok({ UserId: caller(request).userId, BetEntryAlert: amount })
  })

  app.get('/priorityInTakes', { schema: { querystring: Query, response: envelope(Type.Array(PriorityRow)) } }, async (request) => {
    const { userId } = caller(request)
    return ok(await directDownlineOrder(app.db, userId, (await preferencesOf(app.db, userId)).PriorityInTakes))
  })

  app.put('/priorityInTakes', {
    schema: {
      body: Type.Object({ Order: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 500, uniqueItems: true, description: 'direct downline ids, first takes first; those left out follow by id' }), LocId: LocIdField }),
      response: envelope(Type.Array(PriorityRow))
    }
  }, async (request) => {
    const { userId } = caller(request)
    const { Order: order } = request.body
    const rows = await directDownlineOrder(app.db, userId, order)
    const direct = new Set(rows.map((r) => r.UserId))
    const stranger = order.find((id) => !direct.has(id))
    if (stranger !== undefined) {
      // Someone outside the tree learns nothing about it; a deeper downline is told its parent.
      await assertSelfOrDownline(app.db, caller(request), stranger)
      throw accountErrors.notParent(userId, stranger, await parentIdOf(app.db, stranger) ?? 'nobody')
    }
    await save(request, 'PriorityInTakes', order)
    return ok(rows)
  })
}

export default preferenceRoutes
