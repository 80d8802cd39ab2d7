// SMS Subscribe's rows (sms_subscriptions): who gets each finalised draw's result and who gets their own strikes, per game.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { downlineCte } from '../../lib/user-tree.ts'

/** Which messages a subscription is to: a draw's result, or the user's own strikes. */
export type SubscriptionKind = 'result' | 'strike'

/** Where a user's messages go: the first registered phone and the profile's mobile. */
export interface PhoneColumns { phone: string | null, mobile: string | null }

/** One user of a direct downline with its subscription of a kind and how many of its group hold one. */
export interface TreeNodeRow extends PhoneColumns { user_id: string, alias_id: string, role: string, children: string, subscription_id: string | null, subscribers: string }

/** One subscription as stored. */
export interface SubscriptionRow { subscription_id: string, user_id: string, game: string, kind: string, created_by: string, created_at: Date }

const FIRST_PHONE = '(SELECT p.phone FROM sms_phones p WHERE p.user_id = u.user_id ORDER BY p.phone_id LIMIT 1) AS phone'

/** A user's direct downline with the kind's subscription of each, and how many of each one's group are subscribed. */
export async function subscriptionTree (q: Queryable, parent: string, game: Game, kind: SubscriptionKind): Promise<TreeNodeRow[]> {
  const { rows } = await q.query<TreeNodeRow>(
    `WITH RECURSIVE ${downlineCte('grp', { from: 'SELECT user_id, user_id FROM users WHERE parent_id = $1 AND deleted_at IS NULL', carry: { top: 'p.top' }, where: 'u.deleted_at IS NULL' })}
     SELECT u.user_id, u.alias_id, u.role,
       (SELECT count(*) FROM users c WHERE c.parent_id = u.user_id AND c.deleted_at IS NULL) AS children,
       ${FIRST_PHONE}, m.mobile,
       s.subscription_id,
       (SELECT count(*) FROM grp g JOIN sms_subscriptions x ON x.user_id = g.user_id AND x.game = $2 AND x.kind = $3 WHERE g.top = u.user_id) AS subscribers
     FROM users u LEFT JOIN user_mobiles m ON m.user_id = u.user_id
     LEFT JOIN sms_subscriptions s ON s.user_id = u.user_id AND s.game = $2 AND s.kind = $3
     WHERE u.parent_id = $1 AND u.deleted_at IS NULL ORDER BY u.user_id`, [parent, game, kind])
  return rows
}

/** The strike subscription and phones of each of the users (those not deleted). */
export async function strikeSubscriptionsOf (q: Queryable, userIds: string[], game: Game): Promise<Array<PhoneColumns & { user_id: string, subscription_id: string | null }>> {
  const { rows } = await q.query<PhoneColumns & { user_id: string, subscription_id: string | null }>(
    `SELECT u.user_id, ${FIRST_PHONE}, m.mobile, s.subscription_id
     FROM unnest($1::text[]) g (user_id) JOIN users u ON u.user_id = g.user_id AND u.deleted_at IS NULL
     LEFT JOIN user_mobiles m ON m.user_id = u.user_id
     LEFT JOIN sms_subscriptions s ON s.user_id = u.user_id AND s.game = $2 AND s.kind = 'strike'`, [userIds, game])
  return rows
}

/** One subscription by id. */
export async function subscriptionById (q: Queryable, id: number): Promise<SubscriptionRow | undefined> {
  const { rows: [s] } = await q.query<SubscriptionRow>('SELECT * FROM sms_subscriptions WHERE subscription_id = $1', [id])
  return s
}

/** The users named (ignoring case, not deleted), each with the id as given. */
export async function usersNamed (q: Queryable, ids: string[]): Promise<Array<{ user_id: string, given: string }>> {
  const { rows } = await q.query<{ user_id: string, given: string }>(
    'SELECT u.user_id, g AS given FROM unnest($1::text[]) g JOIN users u ON lower(u.user_id) = lower(g) AND u.deleted_at IS NULL', [ids])
  return rows
}

/** The users and everyone below them (not deleted), once each, by id. */
export async function usersWithDownline (q: Queryable, userIds: string[]): Promise<string[]> {
  const { rows } = await q.query<{ user_id: string }>(
    `WITH RECURSIVE ${downlineCte('grp', { from: 'SELECT user_id FROM users WHERE user_id = ANY($1::text[])', where: 'u.deleted_at IS NULL' })}
     SELECT DISTINCT user_id FROM grp ORDER BY user_id`, [userIds])
  return rows.map((r) => r.user_id)
}

/** Subscribes each user to each kind of the game (those subscribed already are left); answers how many were added. */
export async function addSubscriptions (q: Queryable, userIds: string[], game: Game, kinds: SubscriptionKind[], by: string, now: Date): Promise<number> {
  const { rows } = await q.query<{ subscription_id: string }>(
    `INSERT INTO sms_subscriptions (user_id, game, kind, created_by, created_at)
     SELECT u, $2, k, $4, $5 FROM unnest($1::text[]) u CROSS JOIN unnest($3::text[]) k
     ON CONFLICT (user_id, game, kind) DO NOTHING RETURNING subscription_id`, [userIds, game, kinds, by, now])
  return rows.length
}

/** The users among userIds without a registered phone, with their profile's mobile, by id. */
export async function withoutRegisteredPhone (q: Queryable, userIds: string[]): Promise<Array<{ user_id: string, mobile: string | null }>> {
  const { rows } = await q.query<{ user_id: string, mobile: string | null }>(
    `SELECT u.user_id, m.mobile FROM unnest($1::text[]) u (user_id) LEFT JOIN user_mobiles m ON m.user_id = u.user_id
     WHERE NOT EXISTS (SELECT 1 FROM sms_phones p WHERE p.user_id = u.user_id) ORDER BY u.user_id`, [userIds])
  return rows
}

/** Deletes the game's subscriptions among ids; answers those deleted. */
export async function deleteSubscriptions (q: Queryable, ids: number[], game: Game): Promise<Array<{ subscription_id: string, user_id: string, kind: string }>> {
  const { rows } = await q.query<{ subscription_id: string, user_id: string, kind: string }>(
    'DELETE FROM sms_subscriptions WHERE subscription_id = ANY($1::bigint[]) AND game = $2 RETURNING subscription_id, user_id, kind', [ids, game])
  return rows
}
