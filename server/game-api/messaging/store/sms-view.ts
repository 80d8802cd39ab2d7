// SMS View's reads: inbound messages with their first reply, and the outbound queue, a window newest first or one by the gateway's id.
import type { Queryable } from '../../../shared/db.ts'

/** What the grammar made of an inbound text, as stored. */
export interface Issue { position: number, message: string }
export interface ParseRecord { ok: boolean, errors: Issue[], warnings: Issue[], ticket: { Stake?: number, Lines?: unknown[] } | null }

/** An outbound message as stored. */
export interface OutboundRecord { outbound_id: string, inbound_id: string | null, recipient: string, body: string, status: string, attempts: number, last_error: string | null, created_at: Date, sent_at: Date | null, channel: string, kind: string }
/** An inbound message as stored, with its first reply. */
export interface InboundRecord { inbound_id: string, received_at: Date, sender: string, receiver: string, game: string | null, user_id: string | null, body: string, status: string, reason: string, ticket_no: string | null, parse: ParseRecord | string | null, reply: string | null }

/** Which messages a view lists: within [from, to) when given, of a status when given. */
export interface MessageWindow { from: Date | null, to: Date | null, status: string | null, limit: number }

/** The first reply to an inbound message, read beside it. */
const FIRST_REPLY = '(SELECT o.body FROM sms_outbound o WHERE o.inbound_id = i.inbound_id ORDER BY o.outbound_id LIMIT 1) AS reply'

/** The newest outbound messages of the window and how many it holds in all. */
export async function outboundPage (q: Queryable, w: MessageWindow): Promise<{ rows: OutboundRecord[], total: number }> {
  const where = 'WHERE ($1::timestamptz IS NULL OR o.created_at >= $1) AND ($2::timestamptz IS NULL OR o.created_at < $2) AND ($3::text IS NULL OR o.status = $3)'
  const { rows } = await q.query<OutboundRecord>(`SELECT o.* FROM sms_outbound o ${where} ORDER BY o.outbound_id DESC LIMIT ${w.limit}`, [w.from, w.to, w.status])
  const { rows: [count] } = await q.query<{ n: string }>(`SELECT count(*) AS n FROM sms_outbound o ${where}`, [w.from, w.to, w.status])
  return { rows, total: Number(count?.n ?? 0) }
}

/** The newest inbound messages of the window, each with its first reply, and how many it holds in all. */
export async function inboundPage (q: Queryable, w: MessageWindow): Promise<{ rows: InboundRecord[], total: number }> {
  const where = 'WHERE ($1::timestamptz IS NULL OR i.received_at >= $1) AND ($2::timestamptz IS NULL OR i.received_at < $2) AND ($3::text IS NULL OR i.status = $3)'
  const { rows } = await q.query<InboundRecord>(
    `SELECT i.*, ${FIRST_REPLY}
     FROM sms_inbound i ${where} ORDER BY i.inbound_id DESC LIMIT ${w.limit}`, [w.from, w.to, w.status])
  const { rows: [count] } = await q.query<{ n: string }>(`SELECT count(*) AS n FROM sms_inbound i ${where}`, [w.from, w.to, w.status])
  return { rows, total: Number(count?.n ?? 0) }
}

/** The inbound message the gateway knows by that id, with its first reply. */
export async function inboundByGatewayId (q: Queryable, id: string): Promise<InboundRecord | undefined> {
  const { rows: [inbound] } = await q.query<InboundRecord>(`SELECT i.*, ${FIRST_REPLY} FROM sms_inbound i WHERE i.message_id = $1 ORDER BY i.inbound_id LIMIT 1`, [id])
  return inbound
}

/** The outbound message the gateway answered that id for. */
export async function outboundByGatewayId (q: Queryable, id: string): Promise<OutboundRecord | undefined> {
  const { rows: [outbound] } = await q.query<OutboundRecord>('SELECT o.* FROM sms_outbound o WHERE o.gateway_message_id = $1 ORDER BY o.outbound_id LIMIT 1', [id])
  return outbound
}
