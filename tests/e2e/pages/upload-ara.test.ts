import t from 'tap'
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from 'playwright-core'
import { axeViolations, gameApi, gameApiToken, openFromMenu, signInAt, startE2E, visit, type E2E } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'
import { readAra } from '../../../schemas/domain/ara.ts'

// Issue #31, the rest of the legacy contract: ag1 combines two upload pages into one on Bet Upload and downloads its .ara; the
// operator (admin) downloads the intake .ara of that draw on Bets In. Every file is the game API's, saved by the browser.

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

/** The cell texts of a table row (the files list unless told) by column heading. */
async function cellsByHeading (page: Page, row: Locator, table = 'files'): Promise<Record<string, string>> {
  const headings = (await page.locator(`[data-widget-id=${table}] thead th`).allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  const cells = await row.locator('td, th').allInnerTexts()
  return Object.fromEntries(headings.map((h, i) => [h, (cells[i] ?? '').trim()]))
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
    const kept = await cellsByHeading(page, rowOf('first.txt'))
    combined = Math.min(first, second)
    t.match(kept, { File: String(combined), 'File name': 'first.txt', Lines: '3', Placed: '3' }, 'the lowest file number keeps the page, with both pages\' lines placed')
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

  await t.test('Bet Upload: "Report" on the combined page shows its tickets, their stakes the game API\'s reportBetPageFull', async (t) => {
    await rowOf('first.txt').getByRole('button', { name: 'Actions' }).click()
    const [call] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/reportBetPageFull?')),
      page.getByRole('menuitem', { name: 'Report', exact: true }).click()
    ])
    t.equal(call.status(), 200, `the page's report call: ${call.url()} ${call.status() === 200 ? '' : await call.text()}`)
    const report = page.locator('[data-widget-id=pageReport]')
    await page.getByRole('heading', { name: 'Report of the chosen page: its tickets per draw' }).waitFor()
    await report.locator('tbody tr').first().waitFor()
    // ag1 uploaded for mem1: the page's tickets are its downline's, so the page reads the Full report.
    const answer = await gameApi(e2e, await gameApiToken(e2e, 'ag1'), 'GET', `4d/reportBetPageFull?FileId=${combined}`) as { rows: Array<{ TicketNo: string, Stake: number }> }
    t.ok(answer.rows.length > 0, 'the game API reports the page\'s tickets')
    const shown: Array<[string, number]> = []
    for (const row of await report.locator('tbody tr').all()) {
      const cells = await cellsByHeading(page, row, 'pageReport')
      shown.push([cells['Ticket No'] ?? '', Number((cells.Stake ?? '').replace(/,/g, ''))])
    }
    const expected = answer.rows.map((r): [string, number] => [r.TicketNo, r.Stake])
    t.same(shown.sort(), expected.sort(), 'each ticket and draw of the page with the stake the game API reports')
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

  await t.test('Bet Upload: "Batch / rename" labels the combined page and renames it; the list shows both', async (t) => {
    await openFromMenu(page, 'Bet', 'Bet Upload', '/bet/bet-upload')
    await rowOf('first.txt').getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Batch / rename' }).click()
    const dialog = page.getByRole('dialog')
    t.equal(await dialog.getByLabel(/^File name/).inputValue(), 'first.txt', 'the name prefilled from the row')
    await dialog.getByLabel(/^Batch/).fill('Monday run')
    await dialog.getByLabel(/^File name/).fill('monday.txt')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    await rowOf('monday.txt').waitFor()
    t.match(await cellsByHeading(page, rowOf('monday.txt')), { File: String(combined), Batch: 'Monday run', 'File name': 'monday.txt' }, 'the list shows the label and the new name')
    const saved = (await gameApi(e2e, await gameApiToken(e2e, 'ag1'), 'GET', '4d/files') as Array<{ FileId: number, Batch: string, FileName: string }>).find((f) => f.FileId === combined)
    t.match(saved, { Batch: 'Monday run', FileName: 'monday.txt' }, 'saved by the game API')
  })

  await t.test('Bet Upload: a partner\'s bets file, uploaded with its distributor, is recorded with it; only for OutSet', async (t) => {
    t.equal(await page.locator('[data-widget-id=uploadPartner]').count(), 0, 'ag1 holds no OutSet (the distributors\' right): no partner upload form')
    const token = await gameApiToken(e2e, 'admin')
    const outlet = (await gameApi(e2e, token, 'POST', '4d/distributors', { Name: 'Partner Outlet' }) as { DistributorId: number }).DistributorId
    const admin = (await e2e.newPage()).page
    await signInAt(e2e, admin, 'admin')
    await visit(admin, '/bet/bet-upload')
    const form = admin.locator('[data-widget-id=uploadPartner]')
    await form.getByLabel(/^Distributor/).selectOption(String(outlet))
    await form.getByLabel(/^Partner's bet file/).setInputFiles({ name: 'partner.txt', mimeType: 'text/plain', buffer: Buffer.from('mem1 3 7104 1-\n') })
    await form.getByRole('button', { name: 'Upload partner\'s bets' }).click()
    const uploaded = form.getByRole('status').filter({ hasText: 'File partner.txt uploaded as file' })
    await uploaded.waitFor()
    const fileId = Number(/as file (\d+)/.exec(await uploaded.innerText())?.[1])
    const saved = (await gameApi(e2e, token, 'GET', '4d/files') as Array<{ FileId: number, PartnerId: number | null, FileName: string }>).find((f) => f.FileId === fileId)
    t.match(saved, { FileName: 'partner.txt', PartnerId: outlet }, 'the game API keeps the file with the partner\'s distributor')
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
