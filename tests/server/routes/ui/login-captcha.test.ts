import t from 'tap'
import { Browser, solvedCaptcha, startSessionProduct } from '../../../helpers/http-browser.ts'

// Issue #39: an office signs in from one address; one user's mistakes must not put a captcha in front of everyone else.
t.test('the captcha rule behind one shared address, and the sign-in page\'s pre-check', async (t) => {
  const product = await startSessionProduct(t)
  const office = `10.39.${Math.floor(Math.random() * 250)}.7`
  const required = async (b: Browser, UserId?: string) => {
    const answer = await b.get(`/ui/captcha/required${UserId ? `?UserId=${UserId}` : ''}`)
    t.equal(answer.status, 200, answer.text)
    t.equal(answer.headers.get('cache-control'), 'no-store')
    return answer.json.captchaRequired as boolean
  }

  await t.test('one user mistyping three times: only that user id needs the captcha, and the page knows before the first try', async (t) => {
    const clumsy = product.browser(office)
    t.equal(await required(clumsy, 'mem1'), false, 'a fresh page: no captcha')
    for (let i = 0; i < 3; i++) t.equal((await clumsy.login('mem1', 'Wrong#1234')).status, 400)
    const fresh = product.browser(office)
    t.equal(await required(fresh, 'mem1'), true, 'a fresh sign-in page is told mem1 needs the captcha')
    t.equal(await required(fresh), false, 'the address alone does not')
    t.equal(await required(fresh, 'ag1'), false, 'nor a colleague')
    const colleague = await fresh.login('ag1')
    t.equal(colleague.status, 200, 'the colleague behind the same address signs in with the password alone')
    const refused = await product.browser(office).login('mem1')
    t.same([refused.status, refused.json.message, refused.json.captchaRequired], [400, 'Captcha incorrect.', true])
    const b = product.browser(office)
    const ok = await b.login('mem1', 'Demo#1234', await solvedCaptcha(product, b))
    t.equal(ok.status, 200, 'the right password with the captcha: the refusal before did not lengthen anything')
    t.equal(await required(product.browser(office), 'mem1'), false, 'the success cleared it')
  })

  await t.test('failures naming many user ids from one address: the pre-check says so for everyone there', async (t) => {
    const spray = `10.40.${Math.floor(Math.random() * 250)}.9`
    const b = product.browser(spray)
    for (const UserId of ['sp1', 'sp1', 'sp2', 'sp2', 'sp3', 'sp3', 'sp4', 'sp4', 'sp5', 'sp5']) t.equal((await b.login(UserId, 'Wrong#1234')).status, 400)
    t.equal(await required(product.browser(spray)), true, '10 failures naming 5 user ids')
    t.equal(await required(product.browser(spray), 'ag2'), true)
    t.equal(await required(product.browser(), 'ag2'), false, 'not from another address')
  })

  await t.test('a malformed pre-check is the caller\'s mistake', async (t) => {
    const answer = await product.browser().get('/ui/captcha/required?UserId=')
    t.equal(answer.status, 400)
    t.match(answer.json.message, /UserId/)
  })
})
