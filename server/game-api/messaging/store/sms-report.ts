// SMS Report's figures: messages in and out and their cost per user and day in the operator's zone.
import type { Queryable } from '../../../shared/db.ts'
import { TIME_ZONE, addDays, zoneInstant, type IsoDate } from '../../../../schemas/domain/calendar.ts'

/** One user's messages on one day ('' for replies to numbers registered to nobody). */
export interface SmsDayRow { user_id: string, day: string, inbound: string, outbound: string, sent: string, failed: string, queued: string, cost: string }

/** Every user and day from from to to (inclusive, GMT+8) with a message, inbound and outbound together, newest day first; one user's (ignoring case) when given. */
export async function smsPerDay (q: Queryable, from: IsoDate, to: IsoDate, userId: string | null): Promise<SmsDayRow[]> {
  const { rows } = await q.query<SmsDayRow>(
    `WITH msgs AS (
       SELECT COALESCE(user_id, '') AS user_id, to_char(received_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day, 1 AS inbound, 0 AS outbound, NULL::text AS status, 0::numeric AS cost
       FROM sms_inbound WHERE received_at >= $1 AND received_at < $2
       UNION ALL
       SELECT COALESCE(user_id, ''), to_char(created_at AT TIME ZONE $3, 'YYYY-MM-DD'), 0, 1, status, COALESCE(cost, 0)
       FROM sms_outbound WHERE created_at >= $1 AND created_at < $2)
     SELECT user_id, day, sum(inbound) AS inbound, sum(outbound) AS outbound, count(*) FILTER (WHERE status = 'sent') AS sent,
       count(*) FILTER (WHERE status = 'failed') AS failed, count(*) FILTER (WHERE status = 'queued') AS queued, sum(cost) AS cost
     FROM msgs WHERE ($4::text IS NULL OR lower(user_id) = lower($4))
     GROUP BY user_id, day ORDER BY day DESC, user_id`,
    [zoneInstant(from, '00:00'), zoneInstant(addDays(to, 1), '00:00'), TIME_ZONE, userId])
  return rows
}
