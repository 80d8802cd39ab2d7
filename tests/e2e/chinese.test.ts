import t from 'tap'
import type { Page } from 'playwright-core'
import { closeHomePopup, DEMO_PASSWORD, latestCaptcha, signInAt, startE2E, visit, type E2E } from './support.ts'

// Issue #19's "what users see", each item in English and in Chinese: one product, one subtest per item.

type Lang = 'en' | 'zh'
const langs: Lang[] = ['en', 'zh']

/** Signs in by the fields' ids (their labels are in the page's language), answering the captcha when shown; closes home's pop-up. */
async function signInAs (e2e: E2E, page: Page, userId: string): Promise<void> {
  await page.goto(`${e2e.url}/login`)
  await page.locator('#login-user').fill(userId)
  await page.locator('#login-password').fill(DEMO_PASSWORD)
  if (await page.locator('#captcha-token').count() > 0) await page.locator('#captcha-token').fill(await latestCaptcha(e2e))
  await page.locator('form button[type=submit]').click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  if (new URL(page.url()).pathname === '/admin/home') await closeHomePopup(page)
}

// A dozen journeys in two languages: about a minute alone, up to five beside another browser file on a loaded 2-core machine (tap's limit is 300 s).
t.setTimeout(900_000)

t.test('what users see, in English and in Chinese (issue #19)', async (t) => {
  const e2e = await startE2E(t)
  // Every console line of every page of this file: no page may log React Router's "No HydrateFallback" warning.
  const consoleLines: string[] = []

  /** A page whose stored locale is lang before any script runs, as after a user chose it on an earlier visit. */
  async function pageIn (lang: Lang) {
    const opened = await e2e.newPage()
    opened.page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`))
    if (lang === 'en') return opened
    await opened.page.addInitScript((l) => { localStorage.setItem('locale', l) }, lang)
    return opened
  }

  await t.test('Chinese everywhere: header, clock, money, sidebar labels, the SMS and Telegram instructions', async (t) => {
    const { page, errors } = await pageIn('en')
    await signInAt(e2e, page, 'ag1')
    await page.getByTestId('draw').waitFor()
    t.match(await page.getByTestId('draw').innerText(), /^Draw: (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day /, 'in English the draw line names the weekday')
    t.equal(await page.title(), 'Back Office', 'the English page title')
    // The user switches as the header offers it.
    await page.locator('.header').getByRole('radio', { name: '中文' }).click()
    await page.getByRole('button', { name: '登出' }).waitFor()
    const draw = await page.getByTestId('draw').innerText()
    t.match(draw, /^开彩: 星期[一二三四五六日] /, 'the draw line\'s weekday in Chinese')
    t.notMatch(draw, /day/i, 'no English weekday')
    t.match(await page.getByTestId('clock').innerText(), /^\d{4}年\d{1,2}月\d{1,2}日周[一二三四五六日] (上午|下午)\d{1,2}:\d{2}:\d{2}$/, 'the clock in Chinese, like 2026年11月23日周一 上午9:30:07')
    t.notMatch(await page.locator('body').innerText(), /Back Office/, 'no "Back Office" on the page in Chinese')
    await page.waitForFunction(() => document.title === '后台管理')
    t.equal(await page.locator('.header__logo img').getAttribute('alt'), '后台管理', 'the brand\'s Chinese name is the page title and the logo\'s text')
    t.match(await page.locator('.header__logo img').getAttribute('src'), /\/logo-zh\.svg$/, 'the brand\'s Chinese logo')
    const money = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'SGD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 })
    t.equal(await page.getByTestId('credit').innerText(), money.format(50000), 'money through Intl for zh-CN')
    t.equal(await page.getByTestId('creditleft').innerText(), money.format(39450.5))
    t.equal(await page.locator('.header').evaluate((el) => el.getBoundingClientRect().height), 98, 'the header is 98 px high in Chinese too')
    const label = page.locator('.member-info dt', { hasText: '剩余信用额' })
    // One line box per distinct top of the text's fragments.
    const lines = await label.evaluate((el) => { const range = document.createRange(); range.selectNodeContents(el); return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size })
    t.equal(lines, 1, '剩余信用额 on one line in the 150 px sidebar')
    t.equal(await label.evaluate((el) => el.getBoundingClientRect().height), await page.locator('.member-info dt', { hasText: /^信用额$/ }).evaluate((el) => el.getBoundingClientRect().height), 'as high as the one-line 信用额')

    await visit(page, '/help/sms')
    const sms = page.locator('article.rr-page[data-page="/help/sms"]')
    await sms.getByRole('heading', { name: '短信投注', level: 1 }).waitFor()
    await sms.locator('[data-widget-id=facts]').waitFor()
    t.match(await sms.locator('[data-widget-id=facts]').innerText(), /短信号码\s+6591234567/, 'the SMS facts in Chinese')
    t.equal(await sms.getByRole('heading', { name: '信息格式（4D）' }).count(), 1, 'the 4D message format in Chinese')
    t.notMatch(await sms.innerText(), /Message format|SMS number|Opening/, 'no English left on the SMS page')
    await sms.getByRole('link', { name: '改用 Telegram 投注' }).click()
    const telegram = page.locator('article.rr-page[data-page="/help/telegram"]')
    await telegram.getByRole('heading', { name: 'Telegram 投注', level: 1 }).waitFor()
    await telegram.locator('[data-widget-id=facts]').waitFor()
    t.match(await telegram.locator('[data-widget-id=facts]').innerText(), /Telegram 机器人\s+Demo4DBetBot/, 'the Telegram facts in Chinese')
    t.notMatch(await telegram.innerText(), /Message format|SMS number|Telegram bot/, 'no English left on the Telegram page')
    t.same(errors, [], 'no script errors')
  })

  await t.test('error texts: a page\'s failed call shows the server\'s message, in each language', async (t) => {
    const texts = { en: 'Ticket NO-SUCH-TICKET does not exist; check the ticket number.', zh: '票号NO-SUCH-TICKET不存在。' }
    for (const lang of langs) {
      const { page } = await pageIn(lang)
      await signInAs(e2e, page, 'mem1')
      await page.goto(`${e2e.url}/tickets/page?LocId=SG&TicketNo=NO-SUCH-TICKET`)
      const alert = page.locator('article.rr-page[data-page="/tickets/page"] [role=alert]').first()
      await alert.waitFor()
      t.equal(await alert.innerText(), texts[lang], `${lang}: the game API's refusal, not the generic sentence`)
      // A page whose descriptor the service refuses to look up (a path longer than 200 characters): its 400 message is shown.
      await page.goto(`${e2e.url}/report/${'x'.repeat(200)}?LocId=SG`)
      const refused = page.locator('#content [role=alert]').first()
      await refused.waitFor()
      const text = await refused.innerText()
      t.match(text, /200 characters/, `${lang}: the service's message for a page that failed to load: ${text}`)
      t.notMatch(text, /Sorry|抱歉/, `${lang}: not the generic sentence`)
    }
  })

  await t.test('error texts: three numbers on a TOTO Ordinary line are named in the form\'s words', async (t) => {
    const texts = { en: { toto: 'TOTO', numbers: 'Numbers 1', units: 'Units 1', said: 'Ordinary takes 6 numbers, not 3.' }, zh: { toto: '多多', numbers: '号码 1', units: '注数 1', said: '普通 需要 6 个号码，不是 3 个。' } }
    for (const lang of langs) {
      const { page } = await pageIn(lang)
      await signInAs(e2e, page, 'mem1')
      // The location's name is in the page's language too (common.locationName).
      await page.locator('.header').getByRole('radio', { name: texts[lang].toto }).click()
      await page.waitForURL((u) => u.pathname === '/admin/home' && u.searchParams.get('LocId') === 'TT')
      await closeHomePopup(page)
      await visit(page, '/bet/placeBets/add-simple')
      const form = page.locator('[data-widget-id=placeBet]')
      await form.locator('select').first().selectOption({ index: 1 })
      await form.getByLabel(texts[lang].numbers, { exact: true }).fill('01 02 03')
      await form.getByLabel(texts[lang].units, { exact: true }).fill('1')
      await form.locator('button[type=submit]').click()
      await form.getByText(texts[lang].said).waitFor()
      t.pass(`${lang}: ${texts[lang].said}`)
    }
  })

  await t.test('error texts: a wrong old password on Change Password says so', async (t) => {
    const texts = {
      en: { old: /^Old password/, new: /^New password/, confirm: /^Confirm new password/, said: 'The old password is wrong; type the password you signed in with.' },
      zh: { old: /^旧密码/, new: /^新密码/, confirm: /^确认新密码/, said: '旧密码不正确，请输入您登录时使用的密码。' }
    }
    for (const lang of langs) {
      const { page } = await pageIn(lang)
      await signInAs(e2e, page, 'ag2')
      await visit(page, '/admin/changePassword')
      const form = page.locator('article.rr-page[data-page="/admin/changePassword"]')
      await form.getByLabel(texts[lang].old).fill('Wrong#1234')
      await form.getByLabel(texts[lang].new).fill('Better#5678')
      await form.getByLabel(texts[lang].confirm).fill('Better#5678')
      await form.locator('button[type=submit]').click()
      await form.getByRole('alert').filter({ hasText: texts[lang].said }).waitFor()
      t.pass(`${lang}: ${texts[lang].said}`)
    }
  })

  await t.test('error texts: /login signed out logs no 401', async (t) => {
    for (const lang of langs) {
      const { page } = await pageIn(lang)
      const logged: string[] = []
      page.on('console', (message) => { if (message.type() === 'error') logged.push(message.text()) })
      await page.goto(`${e2e.url}/login`)
      await page.locator('#login-user').waitFor()
      await page.locator('form button[type=submit]').waitFor()
      t.same(logged.filter((line) => /401|Unauthorized/.test(line)), [], `${lang}: no 401 in the console`)
    }
  })

  await t.test('lists: a list longer than a page says "showing N of M" (the administrator\'s View Tickets in Chinese)', async (t) => {
    const { page } = await pageIn('zh')
    await signInAs(e2e, page, 'admin')
    await visit(page, '/tickets/page')
    const count = page.locator('[data-widget-id=tickets] .rr-count')
    await count.waitFor()
    const total = Number(await count.getAttribute('data-total'))
    t.ok(total > 500, `more tickets than a page holds (${total})`)
    t.equal(await count.innerText(), `显示 ${total.toLocaleString('en-US')} 条中的 500 条`)
    const newest = await page.locator('[data-widget-id=tickets] tbody tr td').first().textContent()
    await page.getByRole('button', { name: '更早' }).click()
    const firstTicket = () => document.querySelector('[data-widget-id=tickets] tbody tr td')?.textContent
    await page.waitForFunction(`(${firstTicket.toString()})() !== ${JSON.stringify(newest)}`)
    t.equal(Number(await count.getAttribute('data-row-count')), Math.min(500, total - 500), '更早 shows the next page')
  })

  await t.test('formats: Profile shows money with exactly 2 decimals', async (t) => {
    const labels = { en: ['Credit', 'Account balance', 'Credit left'], zh: ['信用额', '账户余额', '剩余信用额'] }
    for (const lang of langs) {
      const { page } = await pageIn(lang)
      await signInAs(e2e, page, 'ag1')
      await visit(page, '/admin/profile')
      const body = page.locator('[data-widget-id=profile]')
      await body.locator('dd').first().waitFor()
      const text = await body.innerText()
      for (const label of labels[lang]) t.match(text, new RegExp(`(^|\\n)${label}\\s+-?\\$[\\d,]+\\.\\d{2}(\\n|$)`), `${lang}: ${label} with 2 decimals`)
      t.match(text, /\$50,000\.00/, `${lang}: ag1's credit reads 50,000.00`)
    }
  })

  await t.test('inputs: the Full Report\'s dates, draw dates and its one Print button', async (t) => {
    const texts = {
      en: { from: /^Draws from/, placeholder: 'MM/DD/YYYY, d or d/m', ambiguous: '03/04/2025 could be two different days', print: 'Print', series: /^\d{2}\/\d{2}\/\d{4}( (SG|Magnum))?$/, names: ['Singapore 4D', 'Magnum 4D'] },
      zh: { from: /^开奖日期自/, placeholder: '月/日/年、日 或 日/月', ambiguous: '03/04/2025 可以读成两个不同的日期', print: '打印', series: /^\d{2}\/\d{2}\/\d{4}( (新加坡|万能))?$/, names: ['新加坡 4D', '万能 4D'] }
    }
    for (const lang of langs) {
      const { page } = await pageIn(lang)
      await signInAs(e2e, page, 'admin')
      await visit(page, '/report/full')
      const report = page.locator('article.rr-page[data-page="/report/full"]')
      const from = report.getByLabel(texts[lang].from)
      t.equal(await from.getAttribute('placeholder'), texts[lang].placeholder, `${lang}: the placeholder says what is accepted`)
      await from.fill('11/20/2025')
      await from.blur()
      t.equal(await from.inputValue(), '11/20/2025', `${lang}: what the placeholder shows is accepted`)
      await from.fill('03/04/2025')
      await report.locator('form.rr-filters button[type=submit]').click()
      await report.getByText(texts[lang].ambiguous).waitFor()
      t.pass(`${lang}: an ambiguous date is refused with a message`)

      const draws = report.locator('select[id$=DrawId]')
      await draws.locator('option').nth(1).waitFor({ state: 'attached' })
      const options = (await draws.locator('option').allInnerTexts()).slice(1)
      t.ok(options.every((o) => texts[lang].series.test(o)), `${lang}: each draw date with its series where the list holds two: ${options.slice(0, 3).join(', ')}`)
      const titles = await draws.locator('option[title]').evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute('title')))])
      t.ok(titles.length > 0 && titles.every((title) => texts[lang].names.includes(title ?? '')), `${lang}: the series named in full: ${titles.join(', ')}`)
      t.equal(await report.getByRole('button', { name: texts[lang].print, exact: true }).count(), 1, `${lang}: exactly one Print button`)
    }
  })

  await t.test('sign-in: a brand without a logo shows its name (jade)', async (t) => {
    for (const lang of langs) {
      const { page } = await pageIn(lang)
      await page.goto(`http://jade.localhost:${new URL(e2e.url).port}/login`)
      await page.getByTestId('brand-name').waitFor()
      t.equal(await page.getByTestId('brand-name').innerText(), 'Jade Tickets', `${lang}: the brand's name in the logo's place`)
      t.equal(await page.locator('img.brand-logo').count(), 0)
    }
  })

  await t.test('sign-in: after the forced password change the user id is filled in (Chinese)', async (t) => {
    const { page } = await pageIn('zh')
    await page.goto(`${e2e.url}/login`)
    await page.locator('#login-user').waitFor()
    t.equal(await page.locator('form button[type=submit]').innerText(), '登录', 'the sign-in button in Chinese, whatever the brand\'s English wording')
    await page.locator('#login-user').fill('mem2')
    await page.locator('#login-password').fill(DEMO_PASSWORD)
    await page.locator('form button[type=submit]').click()
    await page.waitForURL((u) => u.pathname === '/change-password')
    await page.getByRole('heading', { level: 1, name: '更新密码' }).waitFor()
    await page.locator('#pw-old').fill(DEMO_PASSWORD)
    await page.locator('#pw-new').fill('Newpass#2024')
    await page.locator('#pw-confirm').fill('Newpass#2024')
    await page.getByTestId('captcha-image').waitFor()
    await page.locator('#captcha-token').fill(await latestCaptcha(e2e))
    await page.locator('form button[type=submit]').click()
    await page.waitForURL((u) => u.pathname === '/login')
    await page.getByTestId('success-message').waitFor()
    t.equal(await page.getByTestId('success-message').innerText(), '密码已更新。', 'the success in Chinese')
    t.equal(await page.getByLabel('用户名').inputValue(), 'mem2', 'the user id is filled in')
  })

  await t.test('sign-in: too many tries in a minute shows the wait and turns the captcha on (Chinese)', async (t) => {
    // Five tries for one user id from elsewhere use up its per-user budget (LOGIN_LIMITS.perUserId) for this minute.
    for (let i = 0; i < 5; i++) {
      await fetch(`${e2e.url}/ui/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.8.${i + 1}` }, body: JSON.stringify({ UserId: 'busy-zh', Password: 'wrong-password', Lang: 'zh' }) })
    }
    const { page } = await pageIn('zh')
    await page.goto(`${e2e.url}/login`)
    await page.getByLabel('用户名').waitFor()
    t.equal(await page.locator('#captcha-token').count(), 0, 'no captcha at first')
    await page.locator('#login-user').fill('busy-zh')
    await page.locator('#login-password').fill(DEMO_PASSWORD)
    await page.locator('form button[type=submit]').click()
    await page.getByTestId('captcha-image').waitFor()
    t.match(await page.locator('.login-screen').innerText(), /登录尝试次数过多，请等待\d+秒后再试。/, 'the wait, in Chinese')
  })

  await t.test('demo data: home shows no test payload, in either language', async (t) => {
    for (const lang of langs) {
      const { page } = await pageIn(lang)
      // Not mem1: its four sign-ins above may fall in the same minute, and a user id has five a minute (LOGIN_LIMITS.perUserId).
      await signInAs(e2e, page, 'ag2')
      const list = page.locator('[data-widget-id=announcements]')
      await list.locator('[data-testid=announcement]').first().waitFor()
      t.notMatch(await list.innerText(), /Hostile payload/, `${lang}: no "Hostile payload" announcement`)
    }
  })

  t.same(consoleLines.filter((line) => /HydrateFallback/.test(line)), [], 'no page logged "No HydrateFallback"')
})
