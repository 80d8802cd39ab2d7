import t from 'tap'
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { axeViolations, gameApiToken, openFromMenu, signInAt, startE2E, visit, type E2E } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'
import { readAra } from '../../../schemas/domain/ara.ts'

// Issue #31, the rest of the legacy contract: ag1 combines two upload pages into one on Bet Upload and downloads its .ara; the
// operator (admin) downloads the intake .ara of that draw on Bets In. Every file is the game API's, saved by the browser.
// The combined page's row, its Report, Batch / rename and the partner upload are proved at the service tier
// (tests/server/pages/betting.test.ts); here what a browser alone shows: ticking by mouse and keyboard, the cards, axe, downloads.

/** Uploads a bet file through the Upload form and processes it as the page's job does; answers its file id. */
async function uploadAndProcess (page: Page, name: string, lines: string[]): Promise<number> {
  const form = page.locator('[data-widget-id=upload]')
  await form.getByLabel(/^Bet file/).setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n') + '\n') })
  await form.getByRole('button', { name: 'Upload' }).click()
  const uploaded = form.getByRole('status').filter({ hasText: `File ${name} uploaded as file` })
  await uploaded.waitFor()
  const fileId = Number(/as file (\d+)/.exec(await uploaded.innerText())?.[1])
  await page.locator('[data-widget-id=process]').getByRole('button', { name: `Process file ${fileId}` }).click()
  await page.locator('[data-widget-id=process][data-phase=done]').waitFor()
  return fileId
}

/** Clicks a control that downloads and answers the saved file's name and text. */
async function downloaded (page: Page, click: () => Promise<void>): Promise<{ name: string, text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  const path = await download.path()
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') }
}

/** The game API's own answer to an .ara call (text), for comparison with what the browser saved. */
async function araOf (e2e: E2E, token: string, path: string, body: unknown): Promise<string> {
  const res = await fetch(`${e2e.product.gameApiUrl}/api/v1/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${path}: ${res.status}`)
  return res.text()
}

t.test('ag1 combines two upload pages and downloads the page\'s .ara; admin downloads the intake .ara on Bets In', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  const files = page.locator('[data-widget-id=files]')
  // Each upload's file name is its own in this fresh product.
  const rowOf = (name: string) => files.locator('tbody tr').filter({ hasText: name })
  let pageAra = { name: '', text: '' }
  let combined = 0

  await t.test('Bet Upload: two processed pages ticked and combined into one (after the confirmation)', async (t) => {
    await openFromMenu(page, 'Bet', 'Bet Upload', '/bet/bet-upload')
    const first = await uploadAndProcess(page, 'first.txt', ['mem1 3 7101 1-', 'mem1 3 7102 1-'])
    const second = await uploadAndProcess(page, 'second.txt', ['mem1 3 7103 -1'])
    await rowOf('first.txt').filter({ hasText: 'Processed' }).waitFor()
    await rowOf('second.txt').filter({ hasText: 'Processed' }).waitFor()
    const combine = files.getByRole('button', { name: 'Combine pages' })

    await rowOf('first.txt').getByRole('checkbox', { name: `Select row ${first}` }).check()
    t.ok(await combine.isDisabled(), 'one page ticked: Combine pages stays disabled (it takes two or more)')
    await rowOf('second.txt').getByRole('checkbox', { name: `Select row ${second}` }).press('Space')
    await files.locator('[data-ticked="2"]').waitFor()
    t.ok(await combine.isEnabled(), 'two ticked with the keyboard too: Combine pages is enabled')
    t.same(await axeViolations(page), [], 'no serious or critical axe violation with ticked rows')

    await combine.click()
    await confirmOk(page, /Combine the selected pages into one\?/)
    await rowOf('second.txt').waitFor({ state: 'detached' })
    combined = Math.min(first, second)
    // The list reloads after the combine: wait for its ticks to be cleared rather than read the count at once.
    await files.locator('[data-ticked="0"]').waitFor().catch(() => {})
    t.equal(await files.locator('[data-ticked="0"]').count(), 1, 'the ticks are cleared after the combine')
  })

  await t.test('Bet Upload: "Export .ara" on the combined page saves exported.ara holding every placed number', async (t) => {
    const row = rowOf('first.txt')
    pageAra = await downloaded(page, async () => {
      await row.getByRole('button', { name: 'Actions' }).click()
      await page.getByRole('menuitem', { name: 'Export .ara' }).click()
    })
    t.equal(pageAra.name, 'exported.ara')
    const { rows, errors: bad } = readAra(pageAra.text)
    t.same(bad, [], 'the file reads back as .ara')
    t.same(rows.map((r) => r.Number).sort(), ['7101', '7102', '7103'], 'one line per bet, the numbers of both uploads')
    t.ok(rows.every((r) => r.UserId === 'mem1'), 'placed for mem1')
    const token = await gameApiToken(e2e, 'ag1')
    t.equal(pageAra.text, await araOf(e2e, token, '4d/bet/page/exportAra', { FileId: combined }), 'the very file the game API writes')
  })

  await t.test('Bet Summary: ag1 downloads the bet detail .ara of the draw, per number and form', async (t) => {
    const drawId = Number(readAra(pageAra.text).rows[0]?.DrawId)
    await openFromMenu(page, 'Bet', 'Bet Summary', '/bet/betSummary')
    const filters = page.locator('[data-widget-id=filters]')
    await filters.getByLabel(/^Draw date/).selectOption(String(drawId))
    await filters.getByRole('button', { name: 'Show' }).click()
    const file = await downloaded(page, () => page.getByRole('button', { name: 'Download bet detail .ara' }).click())
    t.equal(file.name, 'exported.ara')
    const numbers = readAra(file.text).rows.map((r) => r.Number)
    t.ok(['7101', '7102', '7103'].every((n) => numbers.includes(n)), 'the uploaded numbers are among the draw\'s lines')
    t.equal(file.text, await araOf(e2e, await gameApiToken(e2e, 'ag1'), '4d/bet/exportDetailsAra', { DrawId: drawId }), 'the very file the game API writes')
  })

  await t.test('Bet Upload on a phone: the cards carry the same labelled checkboxes', async (t) => {
    const phone = (await e2e.newPage({ viewport: { width: 390, height: 800 } })).page
    await signInAt(e2e, phone, 'ag1')
    await visit(phone, '/bet/bet-upload')
    const card = phone.locator('[data-widget-id=files] li.rr-card').filter({ hasText: 'first.txt' })
    await card.getByRole('checkbox', { name: /^Select row \d+$/ }).check()
    await phone.locator('[data-widget-id=files] [data-ticked="1"]').waitFor()
    t.pass('a card is ticked')
    t.same(await axeViolations(phone), [], 'no serious or critical axe violation on the cards')
  })

  await t.test('Bets In: admin downloads the intake .ara of the draw the pages bet on', async (t) => {
    const drawId = Number(readAra(pageAra.text).rows[0]?.DrawId)
    const admin = (await e2e.newPage()).page
    await signInAt(e2e, admin, 'admin')
    await openFromMenu(admin, 'OutSet', 'Bets In', '/outset/betsIn')
    const button = admin.getByRole('button', { name: 'Download intake .ara' })
    t.ok(await button.isDisabled(), 'no draw chosen yet: nothing to download')
    const filters = admin.locator('[data-widget-id=filters]')
    await filters.getByLabel('Draw').selectOption(String(drawId))
    await filters.getByRole('button', { name: 'Show' }).click()
    const file = await downloaded(admin, () => button.click())
    t.equal(file.name, 'exported.ara')
    t.equal(file.text.split('\r\n')[0], 'DrawId|DrawDate|Series|UserId|Number|Big|Small|Units', 'the intake field line')
    t.equal(file.text, await araOf(e2e, await gameApiToken(e2e, 'admin'), '4d/bet/exportIntakeAra', { DrawId: drawId }), 'what admin\'s level keeps of the draw, as the game API writes it')
    t.ok(readAra(file.text).rows.every((r) => r.UserId === 'admin' && r.DrawId === String(drawId)), 'admin\'s own level on that draw only')
  })

  t.same(errors, [], 'no script errors')
})
