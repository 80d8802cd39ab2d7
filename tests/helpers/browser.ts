import { chromium, type Browser, type Page } from 'playwright-core'
import type { Owner } from './db.ts'

/** Debian's Chromium, launched headless with the flags this machine needs (no downloads, no background traffic). */
export async function launchBrowser (t: Owner): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
  })
  t.teardown(() => browser.close())
  // Scripts run through tsx (benchmarks) keep function names with esbuild's __name helper: functions sent to page.evaluate call it.
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    await context.addInitScript('globalThis.__name = (fn) => fn')
    return context
  }
  return browser
}

/**
 * An init script: code made from strings that the page's policy refused becomes a console error ('Content Security Policy
 * refused eval in …'). The library that tried may catch the refusal itself (Ajv did, on every keystroke of a form), so the
 * browser's own report is what a test can see.
 */
export const REPORT_REFUSED_EVAL = "document.addEventListener('securitypolicyviolation', (e) => { if (e.blockedURI === 'eval') console.error('Content Security Policy refused eval in ' + e.sourceFile + ':' + e.lineNumber) })"

/**
 * Resolves once the page has run the tasks it had queued, n rounds deep (message-channel tasks, which a fake page
 * clock leaves alone): a timer that fired, and the render and effects it caused, have started their requests by then.
 * For asserting that something did not happen, without a fixed sleep.
 */
export async function settled (page: Page, n = 10): Promise<void> {
  await page.evaluate((rounds) => new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    let left = rounds
    channel.port1.onmessage = () => { if (--left <= 0) { channel.port1.close(); resolve() } else channel.port2.postMessage(0) }
    channel.port2.postMessage(0)
  }), n)
  // A second round trip: the protocol events of requests started above arrive before its answer.
  await page.evaluate(() => 0)
}

/** Resolves after the page painted n more frames (pages without a fake clock): a still picture stayed still that long. */
export async function frames (page: Page, n: number): Promise<void> {
  await page.evaluate((count) => new Promise<void>((resolve) => {
    let left = count
    const next = () => { if (--left <= 0) resolve(); else requestAnimationFrame(next) }
    requestAnimationFrame(next)
  }), n)
}

/** Answers the app's confirmation dialog (a row action or reset that asks before writing) with OK, after checking its question. */
export async function confirmOk (page: Page, question?: string | RegExp): Promise<void> {
  const dialog = page.locator('dialog.rr-confirm[open]')
  if (question !== undefined) await dialog.getByText(question).waitFor()
  await dialog.getByRole('button', { name: 'OK' }).click()
  await dialog.waitFor({ state: 'detached' })
}
