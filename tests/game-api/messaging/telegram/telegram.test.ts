import t from 'tap'
import { webhookSecret } from '../../../../server/game-api/messaging/rules/telegram-token.ts'
import { startStandInBotApi } from '../../../../server/game-api/messaging/stand-ins/telegram-bot-api.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// Betting by Telegram: the game's bot (grammY, webhook mode) against a stand-in Bot API. A member links the account with the Mobile
// page's one-time code, bets as by SMS and gets the ticket reply, asks /balance and /results; a retried update is answered once.
const TOKEN_4D = '7000001:AAFourDBotTokenForTheStandIn_0123456789'
const TOKEN_TOTO = '7000002:AATotoBotTokenForTheStandIn_0123456789'
const ALICE = { id: 5001, is_bot: false, first_name: 'Alice', username: 'alice' }

let updateId = 100
/** A Telegram update carrying one text message from a user (a command when it starts with /). */
function update (text: string, from = ALICE, id = ++updateId) {
  const command = /^\/\w+/.exec(text)
  return {
    update_id: id,
    message: {
      message_id: id,
      date: 1_900_000_000,
      chat: { id: from.id, type: 'private', first_name: from.first_name, username: from.username },
      from,
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {})
    }
  }
}

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const botApi = await startStandInBotApi([{ token: TOKEN_4D, username: 'Demo4DBetBot' }, { token: TOKEN_TOTO, username: 'DemoTotoBetBot' }])
  t.teardown(() => botApi.close())
  const admin = await h.signIn('admin')
  const post = (body: unknown, options: { game?: string, secret?: string } = {}) => h.app.inject({
    method: 'POST',
    url: `/api/v1/telegram/${options.game ?? '4d'}`,
    headers: { 'x-telegram-bot-api-secret-token': options.secret ?? webhookSecret(TOKEN_4D) },
    payload: body as Record<string, unknown>
  })
  const replies = async (count: number) => {
    const deadline = Date.now() + 20_000
    while (botApi.sent.length < count) {
      if (Date.now() > deadline) throw new Error(`the bot sent ${botApi.sent.length} of ${count} replies: ${JSON.stringify(botApi.sent)}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    return botApi.sent.slice(count - 1)
  }
  const say = async (text: string, expectReply = true) => {
    const before = botApi.sent.length
    const answer = await post(update(text))
    if (answer.statusCode !== 200) throw new Error(`the webhook answered ${answer.statusCode}: ${answer.body}`)
    return expectReply ? (await replies(before + 1))[0]?.text ?? '' : ''
  }

  t.test('SMS Gateway sets the bots: tokens write-only, webhooks registered with their secret', async (t) => {
    const saved = await h.call('PUT', '/api/v1/4d/updateSMSGateway', {
      token: admin,
      payload: { Provider: 'twilio', Endpoint: '', AccountSid: '', SenderId: '', Enabled: true, InboundUrl: 'https://bo.example.test/api/v1/sms/twilio', RatePerSecond: 10, CostPerMessage: 0, TelegramApiRoot: botApi.apiRoot, Telegram4DBotToken: TOKEN_4D }
    })
    t.equal(saved.statusCode, 200, saved.body)
    t.match(saved.json().data, { TelegramApiRoot: botApi.apiRoot, Telegram4DTokenSet: true, TelegramTotoTokenSet: false, TelegramWebhooks: 'https://bo.example.test/api/v1/telegram/4d' })
    t.notMatch(saved.body, TOKEN_4D.split(':')[1] ?? '', 'the token is never answered')
    t.same(botApi.webhooks.get(TOKEN_4D), { url: 'https://bo.example.test/api/v1/telegram/4d', secret: webhookSecret(TOKEN_4D) })
    const { rows } = await h.db.query("SELECT detail FROM audits WHERE action = 'smsGateway.update'")
    t.notMatch(JSON.stringify(rows), TOKEN_4D.split(':')[1] ?? '')
  })

  t.test('an account not linked is told how to link; a wrong secret or a bot without token is refused', async (t) => {
    t.match(await say('mem1 3 1234 1-'), /not linked to a user: get a code on the site's Mobile page, then send \/link CODE/)
    const forged = await post(update('/balance'), { secret: 'forged' })
    t.equal(forged.statusCode, 401, 'grammY refuses an update without the webhook secret')
    t.equal((await post(update('/balance'), { game: 'tt', secret: webhookSecret(TOKEN_TOTO) })).statusCode, 503, 'the TOTO bot has no token yet')
  })

  let mem1: string
  t.test('the Mobile page\'s one-time code links the account, once, for ten minutes', async (t) => {
    mem1 = await h.signIn('mem1')
    const issued = await h.call('POST', '/api/v1/4d/telegramCode', { token: mem1, payload: {} })
    t.equal(issued.statusCode, 200, issued.body)
    const { Code, Command, Bot } = issued.json().data
    t.match(Code, /^[A-Z2-9]{8}$/)
    t.equal(Command, `/link ${Code}`)
    t.equal(Bot, '@Demo4DBetBot')
    t.match(await say('/link'), /^Send \/link followed by the code/)
    t.match(await say(`/link ${Code.toLowerCase()}`), /^Linked to mem1\./, 'the code is read without regard to case')
    t.match((await h.call('GET', '/api/v1/4d/telegramLink', { token: mem1 })).json().data, { Linked: true, Accounts: '@alice' })
    t.match(await say(`/link ${Code}`), /wrong or has expired/, 'a code works once')
    const { rows } = await h.db.query('SELECT code_hash FROM telegram_codes')
    t.notMatch(JSON.stringify(rows), Code, 'only the code\'s hash is kept')
    const late = (await h.call('POST', '/api/v1/4d/telegramCode', { token: mem1, payload: {} })).json().data.Code
    h.clock.advance(11 * 60_000)
    t.match(await say(`/start ${late}`), /wrong or has expired/, 'ten minutes later it is void')
    h.clock.advance(-11 * 60_000)
  })

  t.test('a linked member bets by Telegram and gets the ticket reply; a retried update places nothing more', async (t) => {
    const before = Number((await h.db.query<{ n: string }>("SELECT count(*) AS n FROM tickets WHERE source = 'sms' AND user_id = 'mem1'")).rows[0]?.n)
    const sentBefore = botApi.sent.length
    const bet = update('mem1 3 1234 1-')
    const answer = await post(bet)
    t.equal(answer.statusCode, 200)
    const [reply] = await replies(sentBefore + 1)
    t.match(reply, { token: TOKEN_4D, chatId: String(ALICE.id) })
    const { rows: [ticket] } = await h.db.query<{ ticket_no: string, stake: string }>("SELECT ticket_no, stake FROM tickets WHERE source = 'sms' AND user_id = 'mem1' ORDER BY ticket_id DESC LIMIT 1")
    const credit = Number((await h.db.query<{ c: string }>("SELECT credit_left AS c FROM users WHERE user_id = 'mem1'")).rows[0]?.c)
    t.equal(reply?.text, `Ticket ${ticket?.ticket_no} for mem1: stake ${Number(ticket?.stake).toFixed(2)} over 1 draw, credit left ${credit.toFixed(2)}.`)
    t.equal((await post(bet)).statusCode, 200, 'Telegram retries the same update')
    await new Promise((resolve) => setTimeout(resolve, 300))
    t.equal(Number((await h.db.query<{ n: string }>("SELECT count(*) AS n FROM tickets WHERE source = 'sms' AND user_id = 'mem1'")).rows[0]?.n), before + 1, 'one ticket')
    t.equal(botApi.sent.length, sentBefore + 1, 'one reply')
    const view = await h.call('GET', '/api/v1/4d/dSMS?Direction=in', { token: admin })
    t.match(view.json().data.rows[0], { From: '@alice', To: '@Demo4DBetBot', UserId: 'mem1', Status: 'placed', TicketNo: ticket?.ticket_no })
    t.match(await say('mem1 3 12x4 1-'), /^Nothing placed: at position/, 'a text with errors says where')
  })

  t.test('/balance and /results answer the linked member', async (t) => {
    const { rows: [user] } = await h.db.query<{ credit_left: string, acc_bal: string }>("SELECT credit_left, acc_bal FROM users WHERE user_id = 'mem1'")
    const money = (n: string | undefined) => Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    t.equal(await say('/balance'), `mem1: credit left ${money(user?.credit_left)}, account balance ${money(user?.acc_bal)}.`)
    const { rows: [draw] } = await h.db.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE game = '4D' AND is_finalised ORDER BY draw_date DESC, draw_id DESC LIMIT 1")
    const text = (await h.call('GET', `/api/v1/4d/result/SMSString?DrawId=${draw?.draw_id}`, { token: admin })).json().data.SMSString
    t.equal(await say('/results'), text)
    const { rows } = await h.db.query<{ channel: string, user_id: string }>("SELECT channel, user_id FROM sms_outbound WHERE channel <> 'sms' ORDER BY outbound_id DESC LIMIT 1")
    t.same(rows[0], { channel: 'telegram:4D', user_id: 'mem1' }, 'the answers are outbound messages of the 4D bot, counted for mem1')
  })

  t.test('unlinking from the Mobile page ends it', async (t) => {
    t.same((await h.call('DELETE', '/api/v1/4d/telegramLink', { token: mem1 })).json().data, { Removed: 1 })
    t.match(await say('/balance'), /not linked/)
    t.match((await h.call('GET', '/api/v1/4d/telegramLink', { token: mem1 })).json().data, { Linked: false, Accounts: '' })
  })
})
