import t from 'tap'
import i18next from 'i18next'
import { ApiError } from '../../../client/src/lib/errors.ts'
import { errorTextIn } from '../../../client/src/lib/useErrorText.ts'
import { formFieldLabel } from '../../../client/src/renderers/lib/formSubmit.ts'
import { rendererMessagesEn, rendererMessagesZh } from '../../../client/src/renderers/lib/messages.ts'

// A refusal with a code is said in the user's language; without a known code the server's message shows as before.
const i18n = i18next.createInstance()
await i18n.init({
  lng: 'zh',
  resources: { en: { translation: rendererMessagesEn }, zh: { translation: rendererMessagesZh } },
  interpolation: { escapeValue: false }
})
const refused = (body: unknown, status = 400) => new ApiError(status, 'Bad Request', body)
const lineCount = refused({ success: false, code: 'GA_LINE_COUNT', params: ['1', '3', 'ORDINARY', '6'], message: 'Line 1: Numbers has 3, but ORDINARY takes 6.' })

t.test('a coded refusal in Chinese and in English', async (t) => {
  await i18n.changeLanguage('zh')
  t.equal(errorTextIn(i18n, lineCount), '第1行：ORDINARY需要6个号码，而不是3个。')
  t.equal(errorTextIn(i18n, refused({ code: 'GA_NOT_ENOUGH_CREDIT', params: ['15000.00', 'mem1', '42.50'], message: 'Not enough credit…' }, 409)), '信用额不足：此注需要15000.00，但mem1只剩42.50；请减少投注或向上线申请更多信用额。')
  t.equal(errorTextIn(i18n, refused({ code: 'UI_GAME_API_FAILED', gameApiCode: 'GA_LOGIN_FAILED', message: 'Login Failed' })), '登录失败', 'the game API\'s code, passed on by the service')
  const weekJob = refused({ code: 'GA_WEEK_JOB_NOT_FOUND', params: ['7'], message: 'Job 7 is not a week job of this game.' }, 404)
  t.equal(errorTextIn(i18n, weekJob), '作业7不是本游戏的周开奖作业；请在开奖设置中用“创建下周期数”启动一个。', 'the action named as the page names it, not its route')
  await i18n.changeLanguage('en')
  t.equal(errorTextIn(i18n, lineCount), 'Line 1: Numbers has 3, but ORDINARY takes 6.', 'English says the game API\'s own message (server/scripts/error-texts.ts)')
  t.equal(errorTextIn(i18n, weekJob), 'Job 7 is not a week job of this game; start one with Create next week\'s draws in Draw Setting.')
})

t.test('a refused field is named in the words of the form that sent it', async (t) => {
  await i18n.changeLanguage('zh')
  const form = { fields: [{ name: 'UserId', labelKey: 'login.userId', kind: 'text' as const }], lines: { name: 'Lines', labelKey: 'x', rows: 3, fields: [{ name: 'Numbers', labelKey: 'login.password', kind: 'numbers' as const }] } }
  const label = (path: string) => formFieldLabel(form, path, (key, values) => i18n.t(key, values))
  t.equal(errorTextIn(i18n, refused({ code: 'GA_FIELD_REQUIRED', params: ['body/UserId'], message: 'body/UserId is required' }), label), `${i18n.t('login.userId')}为必填项。`)
  t.equal(errorTextIn(i18n, refused({ code: 'GA_FIELD_TOO_SMALL', params: ['body/Lines/1/Numbers', '1'], message: 'x' }), label), `第2行${i18n.t('login.password')}不能小于1。`)
  t.equal(errorTextIn(i18n, refused({ code: 'GA_FIELD_REQUIRED', params: ['querystring/DrawFrom'], message: 'querystring/DrawFrom is required' })), 'DrawFrom为必填项。', 'outside a form: the path in plain words')
  const position = { fields: [{ name: 'dShare', labelKey: 'login.userId', kind: 'text' as const }] }
  const positionLabel = (path: string) => formFieldLabel(position, path, (key, values) => i18n.t(key, values))
  t.equal(errorTextIn(i18n, refused({ code: 'GA_FIELD_ABOVE_PARENT', params: ['dShare', '0.55', 'ag1', '0.5'], message: 'dShare 0.55 is more than ag1 has, 0.5.' }, 409), positionLabel),
    `${i18n.t('login.userId')} 0.55 高于ag1自己的 0.5。`, 'a rule the API checks past the schema names the field the same way')
})

t.test('without a code the catalogue knows, the display rule of seed 001 §8 stands', async (t) => {
  await i18n.changeLanguage('zh')
  t.equal(errorTextIn(i18n, refused({ code: 'GA_FROM_A_NEWER_API', message: 'Share 0.333 must be a multiple of 0.01.' })), 'Share 0.333 must be a multiple of 0.01.', 'a code this client does not know yet')
  t.equal(errorTextIn(i18n, refused({ success: false, message: 'An operator\'s own text.' })), 'An operator\'s own text.', 'an upstream without codes')
  t.equal(errorTextIn(i18n, new ApiError(0, '', undefined)), rendererMessagesZh.renderers.error.generic)
})
