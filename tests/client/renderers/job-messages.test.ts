import t from 'tap'
import i18next from 'i18next'
import { readFileSync } from 'node:fs'
import { fromRoot } from '../../../server/shared/paths.ts'
import { jobMessageEntries, jobMessages, reasonOf } from '../../../server/game-api/jobs/messages.ts'
import { coded } from '../../../server/game-api/lib/errors.ts'
import { codedText, fieldText } from '../../../client/src/renderers/lib/codedMessage.ts'
import { jobResult } from '../../../client/src/renderers/lib/job.ts'
import { cellText } from '../../../client/src/renderers/lib/tableModel.ts'
import { rendererMessagesEn, rendererMessagesZh } from '../../../client/src/renderers/lib/messages.ts'

// A job's message (what it is doing, did, or why it failed) reaches the page as a code and values beside its English, and the page
// says it from the one catalogue (menus/i18n jobs.<code>): the English word for word as the game API writes it, and Chinese.
const i18n = i18next.createInstance()
await i18n.init({ lng: 'zh', resources: { en: { translation: rendererMessagesEn }, zh: { translation: rendererMessagesZh } }, interpolation: { escapeValue: false } })
const catalogue = (lang: string) => (JSON.parse(readFileSync(fromRoot(`menus/i18n/${lang}.json`), 'utf8')) as { jobs: Record<string, string> }).jobs
/** As a status call answers it: the English, its code and values. */
const answer = (message: ReturnType<typeof jobMessages.waiting>) => JSON.parse(JSON.stringify({ Message: message.text, MessageCode: message.code, MessageValues: message.values })) as unknown

t.test('every job message is in both catalogues, the English as the game API writes it', async (t) => {
  const [en, zh] = [catalogue('en'), catalogue('zh')]
  t.ok(jobMessageEntries.length > 40, `the messages were found (${jobMessageEntries.length})`)
  t.same(new Set(jobMessageEntries.map((e) => e.code)).size, jobMessageEntries.length, 'each code once')
  for (const e of jobMessageEntries) {
    t.equal(en[e.code], e.other, `en ${e.code}`)
    if (e.one !== undefined) t.equal(en[`${e.code}_one`], e.one, `en ${e.code}_one`)
    t.type(zh[e.code], 'string', `zh ${e.code}`)
  }
  t.same(Object.keys(en).filter((k) => !jobMessageEntries.some((e) => k === e.code || k === `${e.code}_one`)), [], 'no sentence without a message')
})

t.test('a job\'s progress, result and failure in Chinese and, word for word, in English', async (t) => {
  const settling = jobMessages.finaliseSettling({ done: 200, count: 350 })
  const week = jobMessages.weekDone({ week: '01/07/2030', created: 7, existed: 0 })
  const refused = coded<[number, string]>('GA_DRAW_NOT_CLOSED', 'Draw %s is still open for betting until %s; enter its result after the close.', 409)
  const gaveUp = jobMessages.gaveUp({ count: 3, reason: reasonOf(refused(7, '01/15/2030 18:40')) })
  const thrown = jobMessages.outsetRulesThrown({ count: 1, throws: jobMessages.outsetThrows({ count: 1 }), kept: jobMessages.outsetKept({ count: 2 }) })
  const fixed = jobMessages.fixedDone({ placed: 4, count: 5, failed: 1 })
  await i18n.changeLanguage('zh')
  t.equal(fieldText(i18n, answer(settling), 'Message'), '已结算 350 注中的 200 注（先结算可能中奖的注）。', 'finalising in progress: the Draw Setting list\'s job message')
  t.equal(fieldText(i18n, answer(week), 'Message'), '01/07/2030 这一周：已创建 7 期，0 期原已存在。', 'the week job: its week as the tables write days')
  t.equal(fieldText(i18n, answer(gaveUp), 'Message'), '尝试 3 次后失败：开彩7在01/15/2030 18:40之前仍接受投注，请在截止后输入结果。', 'a failure: the refusal inside said as the refusal catalogue says it')
  t.equal(fieldText(i18n, answer(thrown), 'Message'), '1 个号码有超额：按规则抛出 1 笔；2 个号码仍有没有规则接收的超额。', 'messages inside a message are said too')
  t.equal(fieldText(i18n, answer(fixed), 'Message'), '已从 5 笔固定投注下了 4 张注单；1 笔失败。')
  await i18n.changeLanguage('en')
  for (const message of [settling, week, thrown, fixed, jobMessages.finalised({ count: 1, winners: 1, payout: '2000.00' }), jobMessages.finaliseBooked({ count: 1 })]) {
    t.equal(codedText(i18n, message), message.text, `en: ${message.text}`)
  }
  t.equal(codedText(i18n, jobMessages.finaliseSettling({ done: 0, count: 1 })), 'Settled 0 of 1 bet (those that can win first).', 'one bet: the singular')
  t.equal(codedText(i18n, gaveUp), 'Failed after 3 attempts: Draw 7 is still open for betting until 01/15/2030 18:40; enter its result after the close.', 'the refusal in the catalogue\'s English')
  t.equal(fieldText(i18n, { Message: 'A gateway said no.', MessageCode: '', MessageValues: {} }, 'Message'), undefined, 'no code: the English stays as it is')
  t.equal(codedText(i18n, { code: 'GA_JOB_FROM_A_NEWER_API', values: {}, text: 'Something new.' }), 'Something new.', 'a code this client does not know: its English')
})

t.test('the job widget and a table say a job\'s message in the user\'s language', async (t) => {
  await i18n.changeLanguage('zh')
  const say = (record: unknown, path: string) => fieldText(i18n, record, path)
  const recalc = answer(jobMessages.recalcDone({ users: 8, corrected: 0 })) as Record<string, unknown>
  t.same(jobResult(recalc, { key: 'common.text', values: { message: 'Message' } }, say).values, { message: '已检查 8 个用户；更正 0 个。' }, 'a result worded by common.text: the message said, not the English')
  const refusal = reasonOf(coded<[string, string, string]>('GA_NOT_ENOUGH_CREDIT', 'Not enough credit: the bet costs %s but %s has %s CreditLeft.', 409)('15000.00', 'mem1', '42.50'))
  const fixed = { Failed: [{ FixedId: 3, UserId: 'mem1', DrawId: 9, Message: refusal.text, MessageCode: refusal.code, MessageValues: refusal.values }] }
  t.same(jobResult(fixed, { key: 'common.text', listPath: 'Failed', itemKey: 'page.controlFixedProcess.failedLine' }, say).items[0]?.Message,
    '信用额不足：此注需要15000.00，但mem1只剩42.50；请减少投注或向上线申请更多信用额。', 'a fixed bet refused: its reason in Chinese')
  const row = { DrawId: 9, ...(answer(jobMessages.finaliseWaiting()) as Record<string, unknown>) }
  const column = { field: 'Message', labelKey: 'page.controlDrawSetting.finaliseMessage', type: 'text' as const, width: 320 }
  t.equal(cellText(row, column, (key) => key, (r, field) => fieldText(i18n, r, field)), '等待结算该期。', 'the finalise list\'s Job message column')
  t.equal(cellText(row, column, (key) => key), 'Waiting to settle the draw.', 'without a sayer, the English as before')
})
