// SMS Subscribe (SMS › SMS Subscribe): who gets each finalised draw's result and who gets their own strikes, per game (the prefix's),
// shown as the hierarchy opened node by node; many subscribed at once. ADMIN only (the SMS group's rule).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { strikeSubscribersOf, subscribe, subscriptionOf, subscriptionTreeOf, unsubscribe } from '../api.ts'

const Kind = Type.Union([Type.Literal('result'), Type.Literal('strike')])
const TreeRow = Type.Object({
  UserId: Type.String(),
  UserName: Type.String(),
  Role: Type.String(),
  Children: Type.Integer({ minimum: 0 }),
  Phone: Type.String({ description: 'where the messages go (empty: no registered phone; the user is listed as skipped)' }),
  Kind,
  Subscribed: Type.Boolean(),
  SubscriptionId: Type.Union([Type.Integer(), Type.Null()]),
  Subscribers: Type.Integer({ description: 'subscribers of this kind in the user\'s group (the user and everyone below)' })
})
const GroupRow = Type.Object({
  UserId: Type.String(),
  UserName: Type.String(),
  Role: Type.String(),
  ParentId: Type.Union([Type.String(), Type.Null()]),
  Depth: Type.Integer({ description: '1 for the direct downline, 2 below it, and so on' }),
  Phone: Type.String({ description: 'where the messages go (empty: no registered phone; sends skip the user)' }),
  Subscribed: Type.Boolean(),
  SubscriptionId: Type.Union([Type.Integer(), Type.Null()])
})
const Subscription = Type.Object({ SubscriptionId: Type.Integer(), UserId: Type.String(), Game: Type.String(), Kind: Type.String(), CreatedBy: Type.String(), CreatedDate: Type.String() })

/** The subscribe calls of the prefix's game. */
const smsSubscriptionRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  const TreeQuery = Type.Object({
    LocId: LocIdField,
    UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'whose direct downline (default the caller\'s)' }))
  })
  for (const [path, kind] of [['/mSMSSubscribeTree', 'result'], ['/mSMSSubscribeStrikeTree', 'strike']] as const) {
    app.get(path, { schema: { querystring: TreeQuery, response: envelope(Type.Array(TreeRow)) } },
      async (request) => ok(await subscriptionTreeOf(app.db, callerOf(request), { game, kind, userId: request.query.UserId })))
  }

  // Everyone below a user at once, flat by depth, with their strike subscription: who will hear of their own wins.
  app.get('/dSMSSubscribeStrikeTree', {
    schema: { querystring: TreeQuery, response: envelope(Type.Array(GroupRow)) }
  }, async (request) => ok(await strikeSubscribersOf(app.db, callerOf(request), { game, userId: request.query.UserId })))

  app.get('/SMSSubscribeById', {
    schema: { querystring: Type.Object({ LocId: LocIdField, SubscriptionId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), response: envelope(Subscription) }
  }, async (request) => ok(await subscriptionOf(app.db, callerOf(request), { subscriptionId: request.query.SubscriptionId })))

  app.post('/insertMultiSMSSubscribe', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        UserIds: Type.Union([Type.String({ minLength: 1, maxLength: 5000 }), Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { minItems: 1, maxItems: 1000 })], { description: 'the users to subscribe (a list, or ids with commas between)' }),
        Kinds: Type.Union([Kind, Type.Array(Kind, { minItems: 1, maxItems: 2 })], { description: 'result, strike, or both' }),
        IncludeDownline: Type.Optional(Type.Boolean({ description: 'also everyone below each user' }))
      }),
      response: envelope(Type.Object({ Added: Type.Integer(), Already: Type.Integer(), Users: Type.Integer(), NoPhone: Type.Array(Type.String({ description: 'subscribed users without a registered phone: skipped by sends until one is registered' })) }))
    }
  }, async (request) => ok(await subscribe(app.db, callerOf(request), { game, userIds: request.body.UserIds, kinds: request.body.Kinds, includeDownline: request.body.IncludeDownline })))

  app.delete('/SMSSubscribe', {
    schema: {
      querystring: Type.Object({
        LocId: LocIdField,
        SubscriptionId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
        SubscriptionIds: Type.Optional(Type.String({ maxLength: 5000, pattern: '^[0-9, ]*$', description: 'several ids with commas between' }))
      }),
      response: envelope(Type.Object({ Removed: Type.Integer() }))
    }
  }, async (request) => ok(await unsubscribe(app.db, callerOf(request), { game, subscriptionId: request.query.SubscriptionId, subscriptionIds: request.query.SubscriptionIds })))
}

export default smsSubscriptionRoutes
