// profileFull (the caller's account with its preferences), PUT mobile2, PUT betEntryAlert, GET/PUT priorityInTakes: the caller's own settings.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { AccountProfile, MobileNumber } from '../schemas.ts'
import { fullProfile, intakePriority, setBetEntryAlert, setIntakePriority, setMobile2 } from '../api.ts'

const Alert = Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'dollars, in cents at most' }), Type.Null()], { description: 'the line stake above which a bet entry alerts; null: never' })
const FullProfile = Type.Object({ ...AccountProfile.properties, Mobile: Type.String(), Mobile2: Type.String(), BetEntryAlert: Type.Union([Type.Number(), Type.Null()]) })
const PriorityRow = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), Priority: Type.Integer({ minimum: 1 }) })
const Query = Type.Object({ LocId: LocIdField })

const preferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/profileFull', { schema: { querystring: Query, response: envelope(FullProfile) } }, async (request) => ok(await fullProfile(app.db, callerOf(request))))

  app.put('/mobile2', {
    schema: { body: Type.Object({ Mobile2: Type.Union([MobileNumber, Type.Literal('')], { description: 'a second number as PUT mobile takes it; empty removes it' }), LocId: LocIdField }), response: envelope(Type.Object({ UserId: Type.String(), Mobile2: Type.String() })) }
  }, async (request) => ok(await setMobile2(app.db, callerOf(request), { mobile2: request.body.Mobile2 })))

  app.put('/betEntryAlert', {
    schema: { body: Type.Object({ BetEntryAlert: Alert, LocId: LocIdField }), response: envelope(Type.Object({ UserId: Type.String(), BetEntryAlert: Type.Union([Type.Number(), Type.Null()]) })) }
  }, async (request) => ok(await setBetEntryAlert(app.db, callerOf(request), { amount: request.body.BetEntryAlert })))

  app.get('/priorityInTakes', { schema: { querystring: Query, response: envelope(Type.Array(PriorityRow)) } }, async (request) => ok(await intakePriority(app.db, callerOf(request))))

  app.put('/priorityInTakes', {
    schema: {
      body: Type.Object({ Order: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 500, uniqueItems: true, description: 'direct downline ids, first takes first; those left out follow by id' }), LocId: LocIdField }),
      response: envelope(Type.Array(PriorityRow))
    }
  }, async (request) => ok(await setIntakePriority(app.db, callerOf(request), { order: request.body.Order })))
}

export default preferenceRoutes
