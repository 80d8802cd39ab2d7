// The messaging module's SMS View use cases: the inbound messages with what the grammar read, the outbound queue, and one message by the
// gateway's id. Beside api.ts so that file stays the module's writes and short reads.
import type { Db } from '../../shared/db.ts'
import { addDays, zoneInstant, zoneIso } from '../../../schemas/domain/calendar.ts'
import type { Caller } from '../lib/caller.ts'
import { queryDate } from '../lib/query-date.ts'
import { smsErrors } from './errors.ts'
import { inboundByGatewayId, inboundPage, outboundByGatewayId, outboundPage, type InboundRecord, type Issue, type OutboundRecord, type ParseRecord } from './store/sms-view.ts'

/** The newest messages a view answers at most. */
const VIEW_LIMIT = 500

/** An inbound message as SMS View lists it. */
export interface InboundMessage { InboundId: number, ReceivedDate: string, From: string, To: string, Game: string, UserId: string, Text: string, Status: string, Reason: string, TicketNo: string, ParseOk: boolean, ParseResult: string, Reply: string }
/** An outbound message as SMS View lists it. */
export interface OutboundMessage { OutboundId: number, CreatedDate: string, To: string, Text: string, Status: string, Attempts: number, LastError: string, SentDate: string, InboundId: number | null, Channel: string, Kind: string }

/** SMS View's list: Direction in (default) or out, optionally one day (YYYY-MM-DD) and one status, the newest VIEW_LIMIT, with how many there are. */
export async function smsMessagesOf (db: Db, _caller: Caller, input: { direction?: 'in' | 'out' | undefined, date?: string | undefined, status?: string | undefined }): Promise<{ rows: InboundMessage[] | OutboundMessage[], total: number }> {
  if (input.date) queryDate('Date', input.date)
  const from = input.date ? zoneInstant(input.date, '00:00') : null
  const to = input.date ? zoneInstant(addDays(input.date, 1), '00:00') : null
  const window = { from, to, status: input.status || null, limit: VIEW_LIMIT }
  if (input.direction === 'out') {
    const { rows, total } = await outboundPage(db, window)
    return { rows: rows.map(outboundRow), total }
  }
  const { rows, total } = await inboundPage(db, window)
  return { rows: rows.map(inboundRow), total }
}

/** The message the gateway knows by messageId (inbound first, then outbound), as SMS View lists it; 404 when neither is. */
export async function smsMessageByGatewayId (db: Db, _caller: Caller, input: { messageId: string }): Promise<{ Direction: 'in', Message: InboundMessage } | { Direction: 'out', Message: OutboundMessage }> {
  const id = input.messageId
  const inbound = await inboundByGatewayId(db, id)
  if (inbound) return { Direction: 'in', Message: inboundRow(inbound) }
  const outbound = await outboundByGatewayId(db, id)
  if (outbound) return { Direction: 'out', Message: outboundRow(outbound) }
  throw smsErrors.gatewayMessageNotFound(id)
}

/** One line saying what the grammar read: the ticket's size and stake, or each error with its position, then any warning. */
function parseSummary (parse: ParseRecord | null): string {
  if (parse === null) return ''
  const at = (list: Issue[]) => list.map((i) => `at position ${i.position}: ${i.message}`).join('; ')
  const head = parse.ok ? `OK: ${parse.ticket?.Lines?.length ?? 0} line(s), stake ${(parse.ticket?.Stake ?? 0).toFixed(2)}` : `Errors: ${at(parse.errors)}`
  return parse.warnings.length === 0 ? head : `${head}. Warning: ${at(parse.warnings)}`
}

const outboundRow = (r: OutboundRecord): OutboundMessage => ({
  OutboundId: Number(r.outbound_id),
  CreatedDate: zoneIso(new Date(r.created_at)),
  To: r.recipient,
  Text: r.body,
  Status: r.status,
  Attempts: Number(r.attempts),
  LastError: r.last_error ?? '',
  SentDate: r.sent_at ? zoneIso(new Date(r.sent_at)) : '',
  InboundId: r.inbound_id === null ? null : Number(r.inbound_id),
  Channel: r.channel,
  Kind: r.kind
})

/** An inbound message with what the grammar read and the first reply. */
function inboundRow (r: InboundRecord): InboundMessage {
  // pg answers jsonb parsed; a driver that answers text is parsed here.
  const parse = typeof r.parse === 'string' ? JSON.parse(r.parse) as ParseRecord : r.parse
  return {
    InboundId: Number(r.inbound_id),
    ReceivedDate: zoneIso(new Date(r.received_at)),
    From: r.sender,
    To: r.receiver,
    Game: r.game ?? '',
    UserId: r.user_id ?? '',
    Text: r.body,
    Status: r.status,
    Reason: r.reason,
    TicketNo: r.ticket_no ?? '',
    ParseOk: parse?.ok ?? false,
    ParseResult: parseSummary(parse),
    Reply: r.reply ?? ''
  }
}
