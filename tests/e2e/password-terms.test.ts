import t from 'tap'
import { axeViolations, DEMO_PASSWORD, latestCaptcha, signIn, startE2E } from './support.ts'

t.test('forced password change and the terms gate', async (t) => {
  const e2e = await startE2E(t)

  await t.test("mem2's forced change: each rule message, the match message, success back to /login", async (t) => {
    const { page, errors } = await e2e.newPage()
    await page.goto(`${e2e.url}/login`)
    await page.getByLabel('User Id').waitFor()
    await signIn(e2e, page, 'mem2')
    await page.waitForURL((u) => u.pathname === '/change-password')
    t.equal(new URL(page.url()).searchParams.get('LoginId'), 'mem2', 'LoginId set to the user id')
    // The URL changes before the sign-in page gives way: wait for the new page's heading, then check it is the only one.
    await page.getByRole('heading', { level: 1, name: 'Update Password' }).waitFor()
    t.same(await page.getByRole('heading', { level: 1 }).allInnerTexts(), ['Update Password'])
    t.equal(await page.getByLabel('Account User Id').count(), 0, 'no user id field when LoginId is given')
    await page.getByTestId('captcha-image').waitFor()
    t.equal(await page.getByTestId('captcha-image').getAttribute('height'), '33')
    t.ok(await page.locator('form button[type=submit]').isDisabled(), 'submit disabled while the form is invalid')

    const rules: Array<[string, string]> = [
      ['Ab1!', 'Your password must be between 8 and 15 characters long'],
      ['abcdefg1!', 'Your password must contain at least 1 uppercase letter'],
      ['ABCDEFG1!', 'Your password must contain at least 1 lowercase letter'],
      ['Abcdefgh!', 'Your password must contain at least 1 number'],
      ['Abcdefgh1', 'Your password must contain at least 1 special character'],
      ['Abcd efg1!', 'Your password cannot contain spaces']
    ]
    await page.getByLabel('Old Password').fill(DEMO_PASSWORD)
    await page.locator('#captcha-token').fill('xxxxx')
    for (const [password, message] of rules) {
      await page.getByLabel('New Password (case sensitive)').fill(password)
      await page.getByLabel('Confirm Password').fill(password)
      await page.locator('form button[type=submit]').click()
      const shown = await page.getByTestId('password-rules').innerText()
      t.match(shown, message, `${JSON.stringify(password)}: ${message}`)
    }
    await page.getByLabel('New Password (case sensitive)').fill('Newpass#2024')
    await page.getByLabel('Confirm Password').fill('Newpass#2025')
    await page.locator('form button[type=submit]').click()
    t.equal(await page.getByTestId('password-mismatch').innerText(), 'Password does not match')
    t.equal(await page.getByTestId('password-rules').innerText(), '', 'a valid new password clears the rule messages')

    await page.getByLabel('Confirm Password').fill('Newpass#2024')
    await page.locator('#captcha-token').fill(await latestCaptcha(e2e))
    await page.locator('form button[type=submit]').click()
    await page.getByTestId('password-alert').filter({ hasText: 'Password updated.' }).waitFor()
    await page.waitForURL((u) => u.pathname === '/login')
    t.equal(new URL(page.url()).searchParams.get('MsgSuccess'), 'Password updated.')
    t.equal(await page.getByTestId('success-message').innerText(), 'Password updated.')
    t.equal(await page.getByLabel('User Id').inputValue(), 'mem2', 'the user id is filled in; only the new password is left to type')
    await signIn(e2e, page, 'mem2', 'Newpass#2024')
    await page.waitForURL((u) => u.pathname === '/admin/home')
    t.pass('the new password signs in')
    t.same(errors, [])
  })

  await t.test("mem3's terms: Disagree signs out, Agree goes home with LocId", async (t) => {
    const { page } = await e2e.newPage()
    await page.goto(`${e2e.url}/login`)
    await page.getByLabel('User Id').waitFor()
    await signIn(e2e, page, 'mem3')
    await page.waitForURL((u) => u.pathname === '/terms')
    const host = new URL(e2e.url).host
    t.match(await page.locator('section[lang=en]').innerText(), host, 'English terms name the host')
    t.match(await page.locator('section[lang=zh]').innerText(), host, 'Chinese terms name the host')
    t.match(await page.locator('section[lang=en]').innerText(), /at least 18/)
    t.equal(await page.locator('.login-layout--terms').count(), 1, 'background image hidden on /terms')
    await page.goto(`${e2e.url}/admin/home?LocId=SG`)
    await page.waitForURL((u) => u.pathname === '/terms')
    t.pass('the main layout sends a user without accepted terms to /terms')
    await page.getByRole('button', { name: 'Disagree' }).click()
    await page.waitForURL((u) => u.pathname === '/login')
    await page.goto(`${e2e.url}/admin/home`)
    await page.waitForURL((u) => u.pathname === '/login')
    t.pass('Disagree ended the session')

    await page.getByLabel('User Id').waitFor()
    await signIn(e2e, page, 'mem3')
    await page.waitForURL((u) => u.pathname === '/terms')
    t.same(await axeViolations(page), [], 'no serious or critical axe violation on /terms')
    await page.getByRole('button', { name: 'Agree', exact: true }).click()
    await page.waitForURL((u) => u.pathname === '/admin/home')
    t.equal(new URL(page.url()).searchParams.get('LocId'), 'SG')
    await page.getByTestId('header-user').waitFor()
    t.pass('Agree opened the application')
  })
})
