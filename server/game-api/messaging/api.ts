// The messaging module's use cases: (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
import { Api, GrammyError } from 'grammy'
import type { Db, Queryable } from '../../shared/db.ts'
import { isWallTime, zoneDayTime, zoneIso, type Game } from '../../../schemas/domain/calendar.ts'
import type { SmsSettings } from '../../../schemas/game-api.ts'
import type { Call, Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { subjectOf } from '../lib/downline-access.ts'
import { groupOf } from '../lib/store/downlines.ts'
import { readSetting, settingKeys, writeSetting } from '../lib/store/settings.ts'
import { appendAudit, auditCall } from '../lib/store/audit-trail.ts'
import { RunLater } from '../jobs/runner.ts'
import { assertAdminPermission } from '../accounts/api.ts'
import { readSmsSettings } from '../settings/api.ts'
import { smsErrors } from './errors.ts'
import { openWeekdays } from './rules/open-hours.ts'
import { normalisePhone } from './rules/phone.ts'
import { deliver } from './jobs/sms-send.ts'
import { SMS_BROADCAST_JOB, queueBroadcast, sendableDraw, type BroadcastKind } from './jobs/broadcast.ts'
import { verifyTwilioSignature } from './rules/twilio-signature.ts'
import { addSmsAgent, deleteSmsAgent, liveUserId, smsAgents, type SmsAgentRow } from './store/sms-agents.ts'
import { receiveSms, type InboundOutcome } from './store/sms-inbound.ts'
import { issueCode, linksOf, unlinkAll } from './store/telegram-links.ts'
import { copyOutbound, insertTestMessage, markOutboundFailed, outboundSendState, queueSend, queueWaiting } from './store/outbound.ts'
import { readGateway, writeGateway } from './store/sms-gateway.ts'
import { gatewayReady, gatewayView, type GatewayView } from './rules/sms-gateway-view.ts'
import type { SmsProvider } from './rules/sms-providers.ts'
import { writeSmsSettings } from './store/sms-settings.ts'
import {
  addSubscriptions, deleteSubscriptions, strikeSubscriptionsOf, subscriptionById, subscriptionTree, usersNamed, usersWithDownline, withoutRegisteredPhone,
  type SubscriptionKind
} from './store/sms-subscriptions.ts'
import { readBot, tokenKey, type BotSettings } from './store/telegram-settings.ts'
import { webhookSecret } from './rules/telegram-token.ts'

/** A user of SMS Subscribe's tree: a direct downline with its subscription of the kind and its group's subscribers. */
export interface SubscriptionNode { UserId: string, UserName: string, Role: string, Children: number, Phone: string, Kind: SubscriptionKind, Subscribed: boolean, SubscriptionId: number | null, Subscribers: number }
/** A user below the root, flat by depth, with its strike subscription. */
export interface StrikeSubscriber { UserId: string, UserName: string, Role: string, ParentId: string | null, Depth: number, Phone: string, Subscribed: boolean, SubscriptionId: number | null }
/** SMS Gateway's answer: the gateway (its secret replaced by whether one is set) and the Telegram bots'. */
export type GatewayAnswer = GatewayView & { TelegramApiRoot: string, Telegram4DTokenSet: boolean, TelegramTotoTokenSet: boolean }
/** An SMS Gateway update as sent: the gateway, its auth token (write-only), the Telegram API root and bot tokens. */
export interface GatewayUpdate {
  Provider: SmsProvider
  Endpoint: string
  AccountSid: string
  SenderId: string
  Enabled: boolean
  InboundUrl?: string | undefined
  RatePerSecond: number
  CostPerMessage: number
  AuthToken?: string | undefined
  ClearAuthToken?: boolean | undefined
  TelegramApiRoot?: string | undefined
  Telegram4DBotToken?: string | undefined
  TelegramTotoBotToken?: string | undefined
}
/** A game's SMS settings as sent. */
export interface SmsSettingUpdate { Game?: Game | undefined, SMSNumber: string, TelegramBot: string, OpenTime: string, CloseTime: string, OpenDay: string, SMSHelpdesk: string }

/** SMS Subscribe's tree: the direct downline of UserId (the caller's account when absent) with the kind's subscriptions. */
export async function subscriptionTreeOf (db: Db, caller: Caller, input: { game: Game, kind: SubscriptionKind, userId?: string | undefined }): Promise<SubscriptionNode[]> {
  const parent = await subjectOf(db, caller.user, input.userId)
  return (await subscriptionTree(db, parent, input.game, input.kind)).map((r) => ({
    UserId: r.user_id,
    UserName: r.alias_id,
    Role: r.role,
    Children: Number(r.children),
    Phone: phoneShown(r.phone, r.mobile),
    Kind: input.kind,
    Subscribed: r.subscription_id !== null,
    SubscriptionId: r.subscription_id === null ? null : Number(r.subscription_id),
    Subscribers: Number(r.subscribers)
  }))
}

/** Everyone below UserId (the caller's account when absent) at once, flat by depth, with their strike subscription: who will hear of their own wins. */
export async function strikeSubscribersOf (db: Db, caller: Caller, input: { game: Game, userId?: string | undefined }): Promise<StrikeSubscriber[]> {
  const root = await subjectOf(db, caller.user, input.userId)
  const members = (await groupOf(db, root)).filter((m) => m.Depth > 0)
  const byUser = new Map((await strikeSubscriptionsOf(db, members.map((m) => m.UserId), input.game)).map((r) => [r.user_id, r]))
  return members.flatMap((m) => {
    const r = byUser.get(m.UserId)
    return r === undefined
      ? []
      : [{ ...m, Phone: phoneShown(r.phone, r.mobile), Subscribed: r.subscription_id !== null, SubscriptionId: r.subscription_id === null ? null : Number(r.subscription_id) }]
  })
}

/** One subscription by id. */
export async function subscriptionOf (db: Db, _caller: Caller, input: { subscriptionId: number }): Promise<{ SubscriptionId: number, UserId: string, Game: string, Kind: string, CreatedBy: string, CreatedDate: string }> {
  const s = await subscriptionById(db, input.subscriptionId)
  if (!s) throw smsErrors.subscriptionNotFound(String(input.subscriptionId))
  return { SubscriptionId: Number(s.subscription_id), UserId: s.user_id, Game: s.game, Kind: s.kind, CreatedBy: s.created_by, CreatedDate: zoneIso(new Date(s.created_at)) }
}

/** Subscribes the users named (and everyone below them when asked) to the kinds of the game; audited; answers what was added and who has no phone. */
export async function subscribe (db: Db, caller: Caller, input: { game: Game, userIds: string | string[], kinds: SubscriptionKind | SubscriptionKind[], includeDownline?: boolean | undefined }): Promise<{ Added: number, Already: number, Users: number, NoPhone: string[] }> {
  const { game } = input
  const admin = caller.user.userId
  const ids = listOf(input.userIds)
  const kinds = [...new Set(Array.isArray(input.kinds) ? input.kinds : [input.kinds])]
  if (ids.length === 0) throw errors.userNotFound(String(input.userIds))
  return db.transaction(async (tx) => {
    const found = await usersNamed(tx, ids)
    const missing = ids.find((id) => !found.some((f) => f.given === id))
    if (missing !== undefined) throw errors.userNotFound(missing)
    const userIds = input.includeDownline === true ? await usersWithDownline(tx, found.map((f) => f.user_id)) : [...new Set(found.map((f) => f.user_id))].sort()
    const added = await addSubscriptions(tx, userIds, game, kinds, admin, caller.now)
    const noPhone = (await withoutRegisteredPhone(tx, userIds)).filter((r) => r.mobile === null || normalisePhone(r.mobile) === undefined).map((r) => r.user_id)
    await auditCall(tx, caller, 'smsSubscribe.add', { Game: game, Kinds: kinds, UserIds: ids, IncludeDownline: input.includeDownline === true, Added: added })
    return { Added: added, Already: userIds.length * kinds.length - added, Users: userIds.length, NoPhone: noPhone }
  })
}

/** Removes the game's subscriptions named (one id, and ids with commas between); 404 when none is; audited. */
export async function unsubscribe (db: Db, caller: Caller, input: { game: Game, subscriptionId?: number | undefined, subscriptionIds?: string | undefined }): Promise<{ Removed: number }> {
  const { game } = input
  const ids = [...(input.subscriptionId === undefined ? [] : [input.subscriptionId]), ...listOf(input.subscriptionIds ?? '').map(Number)]
  return db.transaction(async (tx) => {
    const rows = await deleteSubscriptions(tx, ids, game)
    if (rows.length === 0) throw smsErrors.subscriptionNotFound(ids.join(', ') || '(none given)')
    await auditCall(tx, caller, 'smsSubscribe.delete', { Game: game, Removed: rows.map((r) => ({ SubscriptionId: Number(r.subscription_id), UserId: r.user_id, Kind: r.kind })) })
    return { Removed: rows.length }
  })
}

/** SMS Gateway's settings and the Telegram bots' (an ADMIN granted SMSGateway). */
export async function smsGatewayOf (db: Db, caller: Caller): Promise<GatewayAnswer> {
  await assertAdminPermission(db, caller.user, 'SMSGateway')
  return { ...gatewayView(await readGateway(db)), ...await telegramView(db) }
}

/**
 * Saves SMS Gateway's settings and the bots' (audited: whether the token changed, never what it is), queues the messages that waited for the
 * gateway and registers the bots' webhooks; answers the settings, what the webhooks answered and how many messages were queued (the caller
 * wakes the job runner when any were).
 */
export async function updateSmsGateway (db: Db, caller: Caller, body: GatewayUpdate): Promise<{ answer: GatewayAnswer & { TelegramWebhooks: string }, queued: number, enabled: boolean }> {
  await assertAdminPermission(db, caller.user, 'SMSGateway')
  const url = checkUrl('body/Endpoint', body.Endpoint)
  const inboundUrl = checkUrl('body/InboundUrl', body.InboundUrl ?? '')
  const apiRoot = checkUrl('body/TelegramApiRoot', body.TelegramApiRoot ?? '').replace(/\/+$/, '')
  const botTokens = ([['4D', body.Telegram4DBotToken], ['TOTO', body.TelegramTotoBotToken]] as const).filter((e): e is readonly [Game, string] => e[1] !== undefined && e[1] !== '')
  const token = body.ClearAuthToken === true ? '' : body.AuthToken === undefined || body.AuthToken === '' ? undefined : body.AuthToken
  const { saved, queued } = await db.transaction(async (tx) => {
    await writeGateway(tx, {
      provider: body.Provider,
      url,
      accountSid: body.AccountSid.trim(),
      senderId: body.SenderId.trim(),
      enabled: body.Enabled,
      inboundUrl,
      ratePerSecond: body.RatePerSecond,
      costPerMessage: Math.round(body.CostPerMessage * 10_000) / 10_000,
      ...(token === undefined ? {} : { authToken: token })
    })
    await writeSetting(tx, settingKeys.telegramApiRoot, apiRoot)
    for (const [g, botToken] of botTokens) await writeSetting(tx, tokenKey(g), botToken)
    // Messages written while the gateway was off or unset get their send jobs now.
    const queued = await queueWaiting(tx)
    const saved = await readGateway(tx)
    // The audit says whether the token changed, never what it is.
    await auditCall(tx, caller, 'smsGateway.update', {
      ...gatewayView(saved),
      AuthTokenSet: undefined,
      AuthTokenChange: token === undefined ? 'kept' : token === '' ? 'cleared' : 'replaced',
      TelegramApiRoot: apiRoot,
      TelegramTokensReplaced: botTokens.map(([g]) => g),
      Queued: queued
    })
    return { saved, queued }
  })
  const webhooks = await registerWebhooks(db, saved.inboundUrl)
  return { answer: { ...gatewayView(saved), ...await telegramView(db), TelegramWebhooks: webhooks }, queued, enabled: saved.enabled }
}

/**
 * Sends a test message through the gateway now rather than by the queue, so the answer is the gateway's (SMS View lists it, SMS Report
 * counts it); audited. clock stamps the delivery.
 */
export async function testSmsGateway (db: Db, caller: Caller, input: { to: string, body?: string | undefined, clock: () => Date }): Promise<{ OutboundId: number, To: string, Status: string, GatewayMessageId: string }> {
  await assertAdminPermission(db, caller.user, 'SMSGateway')
  const to = normalisePhone(input.to)
  if (to === undefined) throw smsErrors.badPhone(input.to)
  const gateway = await readGateway(db)
  if (!gatewayReady(gateway)) throw smsErrors.gatewayNotReady()
  const recipient = `+${to}`
  const text = input.body?.trim() || 'Test message from the back office: the SMS gateway works.'
  const row = await db.transaction(async (tx) => {
    const inserted = await insertTestMessage(tx, recipient, text, caller.user.userId, caller.now)
    await auditCall(tx, caller, 'smsGateway.test', { OutboundId: Number(inserted.outbound_id), To: recipient })
    return inserted
  })
  const outcome = await deliver(db, gateway, row, input.clock, AbortSignal.timeout(30_000), 10_000)
    .catch((error: unknown) => {
      if (error instanceof RunLater) return { ok: false as const, problem: 'the gateway\'s send rate is taken by messages queued before it; try again shortly' }
      throw error
    })
  if (!outcome.ok) {
    await markOutboundFailed(db, row.outbound_id)
    throw smsErrors.testFailed(outcome.problem)
  }
  const sent = await outboundSendState(db, row.outbound_id)
  return { OutboundId: Number(row.outbound_id), To: recipient, Status: sent?.status ?? 'sent', GatewayMessageId: sent?.gateway_message_id ?? '' }
}

/** Saves a game's SMS settings (the prefix's when Game is absent), checked; audited; answers them as the instruction pages read them. */
export async function updateSmsSettings (db: Db, caller: Caller, input: { game: Game, body: SmsSettingUpdate }): Promise<{ qResults: SmsSettings }> {
  await assertAdminPermission(db, caller.user, 'SMSGateway')
  const b = input.body
  const target = b.Game ?? input.game
  const number = normalisePhone(b.SMSNumber)
  if (number === undefined) throw smsErrors.badSmsNumber(b.SMSNumber)
  if (!isWallTime(b.OpenTime)) throw errors.fieldNotTime('body/OpenTime', b.OpenTime)
  if (!isWallTime(b.CloseTime)) throw errors.fieldNotTime('body/CloseTime', b.CloseTime)
  if (b.OpenTime >= b.CloseTime) throw smsErrors.badHours(b.OpenTime, b.CloseTime)
  if (openWeekdays(b.OpenDay).length === 0) throw smsErrors.badDays(b.OpenDay)
  const values = { SMSNumber: number, TelegramBot: b.TelegramBot, OpenTime: b.OpenTime, CloseTime: b.CloseTime, OpenDay: b.OpenDay.trim(), SMSHelpdesk: b.SMSHelpdesk.trim() }
  await db.transaction(async (tx) => {
    await writeSmsSettings(tx, target, values)
    await auditCall(tx, caller, 'smsSetting.update', { Game: target, ...values })
  })
  return { qResults: await readSmsSettings(db, target) }
}

/** Ids written as a list or as one text with commas or spaces between. */
const listOf = (value: string | string[]) => (Array.isArray(value) ? value : value.split(/[\s,]+/)).map((v) => v.trim()).filter((v) => v !== '')

/** Where a user's messages go, as shown: the registered phone, else the profile's mobile when it is a phone; empty when neither. */
function phoneShown (registered: string | null, mobile: string | null): string {
  if (registered !== null) return `+${registered}`
  const profile = mobile === null ? undefined : normalisePhone(mobile)
  return profile === undefined ? '' : `+${profile}`
}

/** The Telegram part of SMS Gateway's answer: the API root and whether each bot has a token. */
async function telegramView (q: Queryable) {
  const [fourD, toto] = [await readBot(q, '4D'), await readBot(q, 'TOTO')]
  return { TelegramApiRoot: fourD.apiRoot, Telegram4DTokenSet: fourD.token !== '', TelegramTotoTokenSet: toto.token !== '' }
}

/**
 * Tells the Bot API where each game's bot gets its updates (setWebhook with the secret derived from its token), at the public address of
 * InboundUrl; answers what became of each, for the page to say.
 */
async function registerWebhooks (q: Queryable, inboundUrl: string): Promise<string> {
  const said: string[] = []
  for (const game of ['4D', 'TOTO'] as const) {
    const bot = await readBot(q, game)
    if (bot.token === '') { said.push(`${game}: no bot token`); continue }
    if (inboundUrl === '') { said.push(`${game}: set the public webhook URL to register the bot's webhook`); continue }
    const url = `${new URL(inboundUrl).origin}/api/v1/telegram/${game === '4D' ? '4d' : 'tt'}`
    try {
      await new Api(bot.token, { apiRoot: bot.apiRoot }).setWebhook(url, { secret_token: webhookSecret(bot.token), allowed_updates: ['message'] })
      said.push(`${game}: webhook ${url}`)
    } catch (error) {
      said.push(`${game}: the Bot API refused the webhook (${error instanceof GrammyError ? `${error.error_code} ${error.description}` : 'not reachable'})`)
    }
  }
  return said.join('; ')
}

/** A URL the gateway is called at (or signs): http or https only; empty means none. */
function checkUrl (field: string, value: string): string {
  const url = value.trim()
  if (url === '') return ''
  let parsed: URL
  try { parsed = new URL(url) } catch { throw smsErrors.badEndpoint(field, url) }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw smsErrors.badEndpoint(field, url)
  return url
}

/** A phone that may bet by SMS, as SMS Agent lists it. */
export interface SmsAgent { PhoneId: number, Phone: string, UserId: string, Role: string, CreatedBy: string, CreatedDate: string }
const toAgent = (r: SmsAgentRow): SmsAgent => ({ PhoneId: Number(r.phone_id), Phone: r.phone, UserId: r.user_id, Role: r.role, CreatedBy: r.created_by, CreatedDate: zoneIso(new Date(r.created_at)) })

/** SMS Agent's list: every phone that may bet by SMS, or only those of userId. */
export async function smsAgentsOf (db: Db, _caller: Caller, input: { userId?: string | undefined }): Promise<SmsAgent[]> {
  return (await smsAgents(db, input.userId || null)).map(toAgent)
}

/** Lets a phone bet by SMS for a live user (one phone, one user); audited; answers the new phone as SMS Agent lists it. */
export async function addSmsAgentOf (db: Db, caller: Caller, input: { userId: string, phone: string }): Promise<SmsAgent> {
  const phone = normalisePhone(input.phone)
  if (phone === undefined) throw smsErrors.badPhone(input.phone)
  const admin = caller.user.userId
  const row = await db.transaction(async (tx) => {
    const userId = await liveUserId(tx, input.userId)
    if (userId === undefined) throw errors.userNotFound(input.userId)
    const added = await addSmsAgent(tx, phone, userId, admin, caller.now)
    if ('takenBy' in added) throw smsErrors.phoneTaken(phone, added.takenBy)
    await auditCall(tx, caller, 'smsAgent.add', { UserId: userId, Phone: phone })
    return added.row
  })
  // INSERT … RETURNING always answers the row: its absence is a fault (500), not a refusal.
  if (!row) throw new Error('the phone INSERT returned no row')
  return toAgent(row)
}

/** Stops a phone betting by SMS; audited with whose phone it was. */
export async function removeSmsAgent (db: Db, caller: Caller, input: { phoneId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteSmsAgent(tx, input.phoneId)
    if (!removed) throw smsErrors.phoneNotFound(input.phoneId)
    await auditCall(tx, caller, 'smsAgent.delete', { PhoneId: input.phoneId, UserId: removed.user_id, Phone: removed.phone })
  })
}

/** Queues the job that sends a finalised draw's result (or each winner's strikes) to the subscribers; audited. The caller wakes the job runner after. */
export async function queueSmsBroadcast (db: Db, caller: Caller, input: { game: Game, kind: BroadcastKind, drawId: number }): Promise<{ drawId: number, jobId: number }> {
  const { game, kind } = input
  const drawId = Number((await sendableDraw(db, game, input.drawId)).draw_id)
  const jobId = await queueBroadcast(db, { drawId, kind, game }, caller.user.userId,
    (tx, id) => auditCall(tx, caller, kind === 'result' ? 'sms.sendResult' : 'sms.sendStrike', { DrawId: drawId, JobId: id, kind: SMS_BROADCAST_JOB }))
  return { drawId, jobId }
}

/** What Twilio's inbound webhook brings: its fields, the URL it called as seen here, and its signature header. */
export interface TwilioInboundInput { params: Record<string, string> & { MessageSid: string, From: string, To: string, Body: string }, seenUrl: string, signature: string }

/**
 * Takes an inbound SMS from Twilio once its signature checks out against the configured secret and public URL (a refusal is audited, with no
 * user); answers what became of it. The caller wakes the job runner after one that is not a duplicate: its reply was queued with it.
 */
export async function receiveTwilioSms (db: Db, call: Call, input: TwilioInboundInput): Promise<InboundOutcome> {
  const secret = await readSetting(db, settingKeys.smsInboundSecret)
  if (secret === '') throw smsErrors.notConfigured()
  // Twilio signs the URL it was told to call; behind a proxy that is the configured public URL, not the one seen here.
  const url = await readSetting(db, settingKeys.smsInboundUrl) || input.seenUrl
  const { params } = input
  if (!verifyTwilioSignature(secret, url, params, input.signature)) {
    await appendAudit(db, call, { userId: null, action: 'sms.signatureRefused', detail: { provider: 'twilio', MessageSid: params.MessageSid, From: params.From } })
    throw smsErrors.badSignature()
  }
  return receiveSms(db, { provider: 'twilio', messageId: params.MessageSid, from: params.From, to: params.To, body: params.Body }, call.now)
}

/** Queues a copy of an outbound message (same recipient and text); audited; answers the copy and whether a gateway will send it now. */
export async function resendSms (db: Db, caller: Caller, input: { outboundId: number }): Promise<{ OutboundId: number, Queued: boolean }> {
  const original = input.outboundId
  return db.transaction(async (tx) => {
    const outboundId = await copyOutbound(tx, original, caller.now)
    if (outboundId === undefined) throw smsErrors.outboundNotFound(original)
    const queued = await queueSend(tx, outboundId)
    await auditCall(tx, caller, 'sms.resend', { OutboundId: original, Copy: outboundId })
    return { OutboundId: outboundId, Queued: queued }
  })
}

/**
 * Issues the caller a one-time code that links a Telegram account to it; audited without the code; answers the code, the command to send
 * and the bot of the game (as its SMS settings name it), and when the code expires.
 */
export async function issueTelegramCode (db: Db, caller: Caller, input: { game: Game }): Promise<{ Code: string, Command: string, Bot: string, ExpiresAt: string, Expires: string }> {
  const { code, expiresAt } = await db.transaction(async (tx) => {
    const issued = await issueCode(tx, caller.user.userId, caller.now)
    // The audit says a code was issued, never the code.
    await auditCall(tx, caller, 'telegram.code', { ExpiresAt: zoneIso(issued.expiresAt) })
    return issued
  })
  const bot = (await readSmsSettings(db, input.game)).TelegramBot
  return { Code: code, Command: `/link ${code}`, Bot: bot === '' ? '' : `@${bot}`, ExpiresAt: zoneIso(expiresAt), Expires: `${zoneDayTime(expiresAt)} (GMT+8)` }
}

/** The Telegram accounts linked to the caller: whether any, and their names with commas between. */
export async function telegramLinkOf (db: Db, caller: Caller): Promise<{ Linked: boolean, Accounts: string }> {
  const names = await linksOf(db, caller.user.userId)
  return { Linked: names.length > 0, Accounts: names.join(', ') }
}

/** The bot of a Telegram webhook's path (4d or tt) with its settings; 503 while it has no token. No one is signed in: Telegram calls. */
export async function webhookBotOf (db: Db, _call: Call, input: { path: '4d' | 'tt' }): Promise<BotSettings> {
  const bot = await readBot(db, input.path === 'tt' ? 'TOTO' : '4D')
  if (bot.token === '') throw smsErrors.telegramNotConfigured()
  return bot
}

/** Unlinks every Telegram account of the caller; audited; answers how many. */
export async function unlinkTelegram (db: Db, caller: Caller): Promise<number> {
  return db.transaction(async (tx) => {
    const count = await unlinkAll(tx, caller.user.userId)
    await auditCall(tx, caller, 'telegram.unlink', { Removed: count })
    return count
  })
}
