import type { Test } from 'tap'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import type { TestProduct } from '../helpers/build.ts'
import type { Lease } from '../helpers/product-pool.ts'
import { launchBrowser, REPORT_REFUSED_EVAL, settled } from '../helpers/browser.ts'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { eventually } from '../helpers/eventually.ts'

const axePath = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url))
const axeSource = readFile(axePath, 'utf8')

/** Every demo account's password (server/game-api/seed/demo-users.json). */
export const DEMO_PASSWORD = 'Demo#1234'

/** The product, a browser and the captcha answers the game API issued (by x-token), for one browser test. */
export interface E2E {
  product: Pick<TestProduct, 'serviceUrl' | 'gameApiUrl'>
  url: string
  browser: Browser
  captchas: ReadonlyMap<string, string>
  newPage: (options?: { viewport?: { width: number, height: number }, reducedMotion?: 'reduce' | 'no-preference' }) => Promise<{ page: Page, context: BrowserContext, errors: string[] }>
}

/** The captcha answers a pooled product's game API wrote to its file (x-token, tab, answer), read again at each look. */
class CaptchaFile extends Map<string, string> {
  constructor (private readonly file: string) { super() }
  private read () {
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      const [xToken, answer] = line.split('\t')
      if (xToken && answer !== undefined) super.set(xToken, answer)
    }
  }

  override get size () { this.read(); return super.size }
  override values () { this.read(); return super.values() }
  override get (xToken: string) { this.read(); return super.get(xToken) }
}

/**
 * A fresh product for this file: leased from the browser tier's pool (tests/helpers/product-pool.ts) when TEST_PRODUCT_POOL
 * names it, released when t ends; else started here. A test that sets the service's env or the game API's clock starts its own.
 */
async function productFor (t: Test, env: NodeJS.ProcessEnv, now: (() => Date) | undefined): Promise<{ product: E2E['product'], captchas: ReadonlyMap<string, string> }> {
  const pool = process.env.TEST_PRODUCT_POOL
  if (pool && Object.keys(env).length === 0 && now === undefined) {
    const answer = await fetch(`${pool}/lease`, { method: 'POST' })
    if (!answer.ok) throw new Error(`the product pool could not lease a product: ${answer.status} ${await answer.text()}`)
    const lease = await answer.json() as Lease
    t.teardown(async () => { await fetch(`${pool}/release/${lease.id}`, { method: 'POST' }) })
    return { product: lease, captchas: new CaptchaFile(lease.captchaFile) }
  }
  const captchas = new Map<string, string>()
  // Loaded only here: a file on a pooled product never loads the servers.
  const { buildProduct } = await import('../helpers/build.ts')
  const product = await buildProduct(t, { env, captchaAnswerSink: (xToken, answer) => captchas.set(xToken, answer), ...(now ? { now } : {}) })
  return { product, captchas }
}

/** Starts the product (env such as CONFIG_DIR passed to the service) and Chromium; pages log their script errors and CSP violations into errors so a test can assert none happened. A test that moves time passes the game API's clock as now. */
export async function startE2E (t: Test, { env = {}, now }: { env?: NodeJS.ProcessEnv, now?: () => Date } = {}): Promise<E2E> {
  let contexts = 0
  const { product, captchas } = await productFor(t, env, now)
  const browser = await launchBrowser(t)
  const url = product.serviceUrl
  return {
    product,
    url,
    browser,
    captchas,
    async newPage (options = {}) {
      // Each page signs in from its own address, as separate people would: the per-address sign-in limit stays out of the way.
      const address = `10.${++contexts % 250}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`
      // Closed with the browser: a context's own close could hang the teardown (tap stops at the first that fails) with the servers still open.
      // Reduced motion unless a test looks at the motion: the banner stands still, so a page left open stays idle while the
      // file's later tests run, and screenshots do not depend on the instant they were taken.
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1280, height: 800 },
        reducedMotion: options.reducedMotion ?? 'reduce',
        extraHTTPHeaders: { 'x-forwarded-for': address }
      })
      // A refused eval is reported as a console error, which the handler below records.
      await context.addInitScript(REPORT_REFUSED_EVAL)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      // A CSP violation is only a console message, and as much a failure as a script error: the page needed something the policy
      // refused. Blocked inline event handlers are the exception: the app has none (React adds listeners), and the seeded hostile
      // announcement's onerror is refused while DOMPurify parses it, as it should be.
      page.on('console', (message) => {
        const text = message.text()
        if (message.type() === 'error' && /Content Security Policy/i.test(text) && !/^Executing inline event handler/.test(text)) errors.push(text)
      })
      return { page, context, errors }
    }
  }
}

/** Fills and submits the sign-in form (captcha answered when shown). */
export async function signIn (e2e: E2E, page: Page, userId: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/User Id|Email/).fill(userId)
  await page.getByLabel('Password', { exact: true }).fill(password)
  if (await page.locator('#captcha-token').count() > 0) {
    await page.getByTestId('captcha-image').waitFor()
    await page.locator('#captcha-token').fill(await latestCaptcha(e2e))
  }
  await page.locator('form button[type=submit]').click()
}

/** The answer of the newest captcha the game API issued to this product (the page shows the newest one). */
export async function latestCaptcha (e2e: E2E): Promise<string> {
  const answers = [...e2e.captchas.values()]
  return answers[answers.length - 1] ?? ''
}

/** Opens /login and signs in; resolves once the URL left /login and, on home, the announcement pop-up was closed (unless keepPopup). */
export async function signInAt (e2e: E2E, page: Page, userId: string, { keepPopup = false } = {}): Promise<void> {
  await page.goto(`${e2e.url}/login`)
  await page.getByLabel('User Id').waitFor()
  await signIn(e2e, page, userId)
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  if (!keepPopup && new URL(page.url()).pathname === '/admin/home') await closeHomePopup(page)
}

/** Waits until home has its announcements (or their error) and closes the pop-up if one opened. */
export async function closeHomePopup (page: Page): Promise<void> {
  const home = page.locator('article.rr-page[data-page="/admin/home"]')
  await home.waitFor()
  await home.locator('.rr-spinner').waitFor({ state: 'detached' })
  // The pop-up opens from an effect after the announcements render: let those effects run before looking.
  await settled(page)
  const popup = page.locator('dialog[open]')
  if (await popup.count() > 0) {
    await popup.locator('.dialog__footer button').click()
    await popup.waitFor({ state: 'detached' }).catch(() => {})
    await page.locator('dialog[open]').waitFor({ state: 'detached' })
  }
}

/** Serious and critical accessibility violations axe-core finds on the page as it is now. */
export async function axeViolations (page: Page): Promise<Array<{ id: string, impact: string, nodes: string[] }>> {
  // Evaluated through the debugging protocol: the page's CSP (script-src 'self') rightly refuses an injected inline script tag.
  // Loaded once per document: client-side navigation keeps it.
  if (!await page.evaluate(() => 'axe' in window)) await page.evaluate(await axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: { resultTypes: string[] }) => Promise<{ violations: Array<{ id: string, impact: string, nodes: Array<{ target: string[] }> }> }> } }).axe
    // Only the violations are read: axe skips gathering the nodes of passed and incomplete checks.
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }))
  })
}

/** Where screenshots of the browser tests go: the committed pictures only with UPDATE_SCREENSHOTS=1, else .tap/ (a test run leaves the checkout as it was). */
export const screenshotDir = fileURLToPath(new URL(process.env.UPDATE_SCREENSHOTS === '1' ? './screenshots/' : '../../.tap/screenshots/', import.meta.url))

/** A game API token for a demo user, as the service's sign-in would get it. */
export async function gameApiToken (e2e: E2E, userId: string): Promise<string> {
  const grant = await fetch(`${e2e.product.gameApiUrl}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: userId, password: DEMO_PASSWORD })
  }).then((r) => r.json()) as { data: { access_token: string } }
  return grant.data.access_token
}

/** One game API call with a token, straight to the game API (an administrator's tools, not the browser's path); throws on a refusal. */
export async function gameApi (e2e: E2E, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${e2e.product.gameApiUrl}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const answer = await res.json() as { success: boolean, data: any, message?: string }
  if (!res.ok || !answer.success) throw new Error(`${method} ${path}: ${res.status} ${answer.message}`)
  return answer.data
}

/** Opens a menu page by clicking its link inside its group, as a user would. */
export async function openFromMenu (page: Page, group: string, label: string, path: string) {
  const button = page.locator('#sidebar').getByRole('button', { name: group, exact: true })
  if (await button.getAttribute('aria-expanded') !== 'true') await button.click()
  await page.locator('#sidebar').locator(`a[href^="${path}"]`).filter({ hasText: label }).first().click()
  await page.waitForURL((u) => u.pathname === path)
  await page.locator(`article.rr-page[data-page="${path}"]`).waitFor()
}

/**
 * Waits until the page's URL has path (however it got there). Unlike waitForURL it does not fail when a redirect
 * aborts the load of the page it was on (a 401 or maintenance answer moving the user on).
 */
export async function waitForPath (page: Page, path: string, timeoutMs = 15000): Promise<void> {
  await eventually(() => new URL(page.url()).pathname === path, { within: timeoutMs, every: 50, what: `the move to ${path} (still at ${page.url()})` })
}

interface MenuGroup { items: Array<{ path: string, query: Record<string, string>, external?: boolean, action?: string }> }

/** The user's menu pages (links inside the app), as GET /ui/session lists them. */
export async function menuPaths (page: Page): Promise<string[]> {
  const menu = await page.evaluate(async () => (await (await fetch('/ui/session')).json() as { menu: MenuGroup[] }).menu)
  return [...new Set(menu.flatMap((g) => g.items).filter((i) => !i.external && !i.action && i.path.startsWith('/')).map((i) => i.path))]
}

/** Moves the app to a path the way its own links do (no reload), then waits until that page's descriptor is drawn. */
export async function visit (page: Page, path: string): Promise<void> {
  await page.evaluate((to) => { window.history.pushState({}, '', to); window.dispatchEvent(new PopStateEvent('popstate')) }, path)
  await drawn(page, path)
}

/** Waits until the page at path shows its descriptor with every widget drawn. */
export async function drawn (page: Page, path: string): Promise<void> {
  const article = page.locator(`article.rr-page[data-page="${path}"]`)
  await article.waitFor()
  // Every widget drawn: no spinner left (a form's library arrives in its own chunk).
  const done = () => page.waitForFunction(() => document.querySelector('.rr-spinner, [aria-busy="true"]') === null, undefined, { timeout: 30_000 })
  // CI's clean-clone runs sometimes never get the form's chunk (cause open, see session 4's note): reload once, as a user would.
  await done().catch(async () => {
    await page.reload()
    await article.waitFor()
    await done()
  })
}

/** Runs one of a table row's actions as a user would: its button, or (a row with more than two actions) the item of its Actions menu. */
export async function clickRowAction (row: Locator, name: string): Promise<void> {
  const button = row.getByRole('button', { name })
  if (await button.count() > 0) return button.first().click()
  await row.getByRole('button', { name: 'Actions' }).click()
  await row.page().getByRole('menuitem', { name }).click()
}
