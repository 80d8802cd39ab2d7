import type { Test } from 'tap'
import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, launched headless with the flags this machine needs (no downloads, no background traffic). */
export async function launchBrowser (t: Test): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
  })
  t.teardown(() => browser.close())
  return browser
}
