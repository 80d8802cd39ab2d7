// SMS Subscribe (SMS › SMS Subscribe): who gets each finalised draw's result and who gets their own strikes, per game (the prefix's),
// shown as the hierarchy opened node by node; many subscribed at once. ADMIN only (the SMS group's rule).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { zoneIso, type Game } from '../../../../schemas/domain/calendar.ts'
import type { Queryable } from '../../../shared/db.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import type { BroadcastKind } from '../jobs/broadcast.ts'
import { smsErrors } from '../errors.ts'
import { normalisePhone } from '../rules/phone.ts'
import { groupOf, subjectOf } from '../../lib/downline-access.ts'
import { downlineCte } from '../../lib/user-tree.ts'

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

/** Ids written as a list or as one text with commas or spaces between. */
const listOf = (value: string | string[]) => (Array.isArray(value) ? value : value.split(/[\s,]+/)).map((v) => v.trim()).filter((v) => v !== '')

/** Where a user's messages go, as shown: the registered phone, else the profile's mobile when it is a phone; empty when neither. */
function phoneShown (registered: string | null, mobile: string | null): string {
  if (registered !== null) return `+${registered}`
  const profile = mobile === null ? undefined : normalisePhone(mobile)
  return profile === undefined ? '' : `+${profile}`
}

/** The subscribe calls of the prefix's game. */
const smsSubscriptionRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  /** A user's direct downline with the kind's subscription of each, and how many of each one's group are subscribed. */
  const tree = async (q: Queryable, parent: string, kind: BroadcastKind) => {
    const { rows } = await q.query<{ user_id: string, alias_id: string, role: string, children: string, phone: string | null, mobile: string | null, subscription_id: string | null, subscribers: string }>(
      `WITH RECURSIVE ${downlineCte('grp', { from: 'SELECT user_id, user_id FROM users WHERE parent_id = $1 AND deleted_at IS NULL', carry: { top: 'p.top' }, where: 'u.deleted_at IS NULL' })}
       SELECT u.user_id, u.alias_id, u.role,
         (SELECT count(*) FROM users c WHERE c.parent_id = u.user_id AND c.deleted_at IS NULL) AS children,
         (SELECT p.phone FROM sms_phones p WHERE p.user_id = u.user_id ORDER BY p.phone_id LIMIT 1) AS phone, m.mobile,
         s.subscription_id,
         (SELECT count(*) FROM grp g JOIN sms_subscriptions x ON x.user_id = g.user_id AND x.game = $2 AND x.kind = $3 WHERE g.top = u.user_id) AS subscribers
       FROM users u LEFT JOIN user_mobiles m ON m.user_id = u.user_id
       LEFT JOIN sms_subscriptions s ON s.user_id = u.user_id AND s.game = $2 AND s.kind = $3
       WHERE u.parent_id = $1 AND u.deleted_at IS NULL ORDER BY u.user_id`, [parent, game, kind])
    return rows.map((r) => ({
      UserId: r.user_id,
      UserName: r.alias_id,
      Role: r.role,
      Children: Number(r.children),
      Phone: phoneShown(r.phone, r.mobile),
      Kind: kind,
      Subscribed: r.subscription_id !== null,
      SubscriptionId: r.subscription_id === null ? null : Number(r.subscription_id),
      Subscribers: Number(r.subscribers)
    }))
  }
  const TreeQuery = Type.Object({
    LocId: LocIdField,
    UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'whose direct downline (default the caller\'s)' }))
  })
  for (const [path, kind] of [['/mSMSSubscribeTree', 'result'], ['/mSMSSubscribeStrikeTree', 'strike']] as const) {
    app.get(path, { schema: { querystring: TreeQuery, response: envelope(Type.Array(TreeRow)) } }, async (request) => {
      const parent = await subjectOf(app.db, caller(request), request.query.UserId)
      return ok(await tree(app.db, parent, kind))
    })
  }

  // Everyone below a user at once, flat by depth, with their strike subscription: who will hear of their own wins.
  app.get('/dSMSSubscribeStrikeTree', {
    schema: { querystring: TreeQuery, response: envelope(Type.Array(GroupRow)) }
  }, async (request) => {
    const root = await subjectOf(app.db, caller(request), request.query.UserId)
    const members = (await groupOf(app.db, root)).filter((m) => m.Depth > 0)
    const { rows } = await app.db.query<{ user_id: string, phone: string | null, mobile: string | null, subscription_id: string | null }>(
      `SELECT u.user_id, (SELECT p.phone FROM sms_phones p WHERE p.user_id = u.user_id ORDER BY p.phone_id LIMIT 1) AS phone, m.mobile, s.subscription_id
       FROM unnest($1::text[]) g (user_id) JOIN users u ON u.user_id = g.user_id AND u.deleted_at IS NULL
       LEFT JOIN user_mobiles m ON m.user_id = u.user_id
       LEFT JOIN sms_subscriptions s ON s.user_id = u.user_id AND s.game = $2 AND s.kind = 'strike'`, [members.map((m) => m.UserId), game])
    const byUser = new Map(rows.map((r) => [r.user_id, r]))
    return ok(members.flatMap((m) => {
      const r = byUser.get(m.UserId)
      return r === undefined
        ? []
        : [{ ...m, Phone: phoneShown(r.phone, r.mobile), Subscribed: r.subscription_id !== null, SubscriptionId: r.subscription_id === null ? null : Number(r.subscription_id) }]
    }))
  })

  app.get('/SMSSubscribeById', {
    schema: { querystring: Type.Object({ LocId: LocIdField, SubscriptionId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), response: envelope(Subscription) }
  }, async (request) => {
    const { rows: [s] } = await app.db.query<{ subscription_id: string, user_id: string, game: string, kind: string, created_by: string, created_at: Date }>(
      'SELECT * FROM sms_subscriptions WHERE subscription_id = $1', [request.query.SubscriptionId])
    if (!s) throw smsErrors.subscriptionNotFound(String(request.query.SubscriptionId))
    return ok({ SubscriptionId: Number(s.subscription_id), UserId: s.user_id, Game: s.game, Kind: s.kind, CreatedBy: s.created_by, CreatedDate: zoneIso(new Date(s.created_at)) })
  })

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
  }, async (request) => {
    const admin = caller(request).userId
    const ids = listOf(request.body.UserIds)
    const kinds = [...new Set(Array.isArray(request.body.Kinds) ? request.body.Kinds : [request.body.Kinds])]
    if (ids.length === 0) throw errors.userNotFound(String(request.body.UserIds))
    const answer = await app.db.transaction(async (tx) => {
      const { rows: found } = await tx.query<{ user_id: string, given: string }>(
        'SELECT u.user_id, g AS given FROM unnest($1::text[]) g JOIN users u ON lower(u.user_id) = lower(g) AND u.deleted_at IS NULL', [ids])
      const missing = ids.find((id) => !found.some((f) => f.given === id))
      if (missing !== undefined) throw errors.userNotFound(missing)
      const { rows: users } = request.body.IncludeDownline === true
        ? await tx.query<{ user_id: string }>(
          `WITH RECURSIVE ${downlineCte('grp', { from: 'SELECT user_id FROM users WHERE user_id = ANY($1::text[])', where: 'u.deleted_at IS NULL' })}
           SELECT DISTINCT user_id FROM grp ORDER BY user_id`, [found.map((f) => f.user_id)])
        : { rows: [...new Set(found.map((f) => f.user_id))].sort().map((id) => ({ user_id: id })) }
      const userIds = users.map((u) => u.user_id)
      const { rows: added } = await tx.query<{ subscription_id: string }>(
        `INSERT INTO sms_subscriptions (user_id, game, kind, created_by, created_at)
         SELECT u, $2, k, $4, $5 FROM unnest($1::text[]) u CROSS JOIN unnest($3::text[]) k
         ON CONFLICT (user_id, game, kind) DO NOTHING RETURNING subscription_id`, [userIds, game, kinds, admin, app.gaNow()])
      const { rows: phoneless } = await tx.query<{ user_id: string, mobile: string | null }>(
        `SELECT u.user_id, m.mobile FROM unnest($1::text[]) u (user_id) LEFT JOIN user_mobiles m ON m.user_id = u.user_id
         WHERE NOT EXISTS (SELECT 1 FROM sms_phones p WHERE p.user_id = u.user_id) ORDER BY u.user_id`, [userIds])
      const noPhone = phoneless.filter((r) => r.mobile === null || normalisePhone(r.mobile) === undefined).map((r) => r.user_id)
      await app.gaAudit(tx, request, { userId: admin, action: 'smsSubscribe.add', detail: { Game: game, Kinds: kinds, UserIds: ids, IncludeDownline: request.body.IncludeDownline === true, Added: added.length } })
      return { Added: added.length, Already: userIds.length * kinds.length - added.length, Users: userIds.length, NoPhone: noPhone }
    })
    return ok(answer)
  })

  app.delete('/SMSSubscribe', {
    schema: {
      querystring: Type.Object({
        LocId: LocIdField,
        SubscriptionId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
        SubscriptionIds: Type.Optional(Type.String({ maxLength: 5000, pattern: '^[0-9, ]*$', description: 'several ids with commas between' }))
      }),
      response: envelope(Type.Object({ Removed: Type.Integer() }))
    }
  }, async (request) => {
    const ids = [...(request.query.SubscriptionId === undefined ? [] : [request.query.SubscriptionId]), ...listOf(request.query.SubscriptionIds ?? '').map(Number)]
    const removed = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ subscription_id: string, user_id: string, kind: string }>(
        'DELETE FROM sms_subscriptions WHERE subscription_id = ANY($1::bigint[]) AND game = $2 RETURNING subscription_id, user_id, kind', [ids, game])
      if (rows.length === 0) throw smsErrors.subscriptionNotFound(ids.join(', ') || '(none given)')
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'smsSubscribe.delete', detail: { Game: game, Removed: rows.map((r) => ({ SubscriptionId: Number(r.subscription_id), UserId: r.user_id, Kind: r.kind })) } })
      return rows.length
    })
    return ok({ Removed: removed })
  })
}

export default smsSubscriptionRoutes
