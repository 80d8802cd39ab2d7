import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { axeViolations, clickRowAction, drawn, openFromMenu, signInAt, startE2E } from '../support.ts'

// The config console as an operator walks it (issue #41), the one browser walk of it: admin starts a draft on Utilities ›
// Configuration, opens it, edits Full Report's column set in the column-set form (a width out of range flagged as typed, a
// rule the service refuses at its pointer, then Stake's width saved, the same file seen in the JSON view), reads the change
// against the live version and whom it affects, previews the draft as ag1 on Full Report (the page changes, the menu does
// not), publishes it from the Drafts table (its version's row says what it changed), and ag1's Full Report draws the wider
// Stake column; a rollback to version 1 brings the old width back.
// Who gets the pages and the calls they make are proven at the service tier (tests/server/pages/utilities-configuration.test.ts).

const CONSOLE = '/utilities/configuration'
const FULL = 'columns/report-full.json'
const STAKE_REF = '"$ref": "fragments/report-full-columns.json#/stake"'
const NOTE = 'Wider Stake for agents'

/** A table widget's body row holding this text. */
const rowWith = (page: Page, table: string, text: string | RegExp) => page.locator(`[data-widget-id=${table}] tbody tr`).filter({ hasText: text })
/** The Stake column's header width as drawn on Full Report (its style, set from the descriptor's width when the columns fit). */
const stakeWidth = (page: Page) => page.locator('[data-widget-id=full] thead th[title="Stake"]').evaluate((th) => (th as HTMLElement).style.width)
/** Waits until Full Report's Stake header is drawn at this width. */
async function stakeDrawnAt (page: Page, width: string): Promise<void> {
  await page.waitForFunction((w) => (document.querySelector('[data-widget-id=full] thead th[title="Stake"]') as HTMLElement | null)?.style.width === w, width, { timeout: 15_000 })
}
/** Fills a row's form dialog (its Change note) and sends it with the button of that name; resolves once the dialog has closed. */
async function sendDialog (page: Page, row: Locator, action: string, note: string): Promise<void> {
  await clickRowAction(row, action)
  const dialog = page.locator('dialog[open]')
  await dialog.getByLabel('Change note').fill(note)
  await dialog.getByRole('button', { name: action, exact: true }).click()
  // Closed once the call answered; a refusal stays in the dialog, and is what the failure says.
  await page.waitForFunction(() => document.querySelector('dialog[open]') === null || document.querySelector('dialog[open] [role=alert]') !== null, undefined, { timeout: 60_000 })
  if (await dialog.count() > 0) throw new Error(`${action} was refused: ${await dialog.innerText()}`)
}

t.test('admin edits Full Report\'s Stake width in a draft, publishes it, ag1 sees it; a rollback restores it', async (t) => {
  const e2e = await startE2E(t)
  const admin = await e2e.newPage()
  // Wide enough that Full Report's columns fit: each is drawn at its descriptor width, none shrunk toward its content.
  const agent = await e2e.newPage({ viewport: { width: 3600, height: 900 } })
  await Promise.all([signInAt(e2e, admin.page, 'admin'), signInAt(e2e, agent.page, 'ag1')])
  const page = admin.page

  await agent.page.goto(`${e2e.url}/report/full`)
  await drawn(agent.page, '/report/full')
  t.equal(await stakeWidth(agent.page), '110px', 'ag1\'s Full Report draws the shipped Stake width')

  await openFromMenu(page, 'Utilities', 'Configuration', CONSOLE)
  await page.getByRole('region', { name: 'New draft' }).getByLabel('What the new draft is for').fill(NOTE)
  await page.getByRole('button', { name: 'New draft', exact: true }).click()
  await page.getByRole('status').filter({ hasText: 'Draft started from the live version' }).waitFor()
  const draftRow = rowWith(page, 'drafts', NOTE)
  await clickRowAction(draftRow, 'Open draft')
  await page.waitForURL((u) => /^\/utilities\/configuration\/draft\/\d+$/.test(u.pathname))
  const draftPath = new URL(page.url()).pathname
  await drawn(page, draftPath)
  t.same(await page.locator('nav.rr-breadcrumb li').allInnerTexts(), ['Utilities', 'Configuration', 'Config draft'], 'the draft\'s page sits under Configuration')

  // The column-set form: Full Report's set, its Stake row.
  const form = page.locator('[data-widget-id=columns]')
  await form.getByLabel('Column set').selectOption(FULL)
  const width = form.getByLabel('Width of Stake')
  t.equal(await width.inputValue(), '110', 'the form shows Stake\'s width as shipped')
  t.equal(await form.getByLabel('English label of Stake').inputValue(), 'Stake', 'and its English label from the draft\'s catalogue')
  const save = form.getByRole('button', { name: 'Save', exact: true })

  await width.fill('15')
  await form.getByText('Stake: the width must be a whole number from 20 to 1000.').waitFor()
  t.ok(await save.isDisabled(), 'a width out of range is flagged as typed, and not saved')

  await form.getByLabel('Who sees Stake').selectOption({ label: 'A rule written here' })
  await form.getByLabel('Rule for Stake (JSON of the rule language)').fill('{"role": "BOSS"}')
  await width.fill('160')
  await save.click()
  const refused = form.getByRole('alert').filter({ hasText: 'The service refused the save' })
  await refused.waitFor()
  t.match(await refused.innerText(), /columns\/report-full\.json#\/columns\/5\/rule/, 'a rule the service refuses is shown at its file and JSON pointer')

  await form.getByLabel('Who sees Stake').selectOption({ label: 'Everyone' })
  await save.click()
  await form.getByRole('status').filter({ hasText: 'Saved: the draft is at revision 2.' }).waitFor()
  t.equal(await width.inputValue(), '160', 'the form saves as revision 2 and shows the width saved')

  await page.getByLabel('File to edit').selectOption(FULL)
  t.ok((await page.getByLabel(`Text of ${FULL}`).inputValue()).includes(`${STAKE_REF},\n      "width": 160`), 'the JSON view shows the same file, the width beside the fragment\'s $ref')

  await page.getByRole('button', { name: 'Changes against the live version', exact: true }).click()
  const changes = page.getByRole('status').filter({ hasText: 'change against live version 1' })
  await changes.waitFor()
  t.match(await changes.innerText(), /^1 change against live version 1: columns\/report-full\.json: column "stake" width added$/, 'the change is named by column and key, not by text line')
  // The keyed diff below the editors: the change by file and key, before → after, and whom it affects per role and location.
  const diff = page.locator('[data-widget-id=diff]')
  const stakeChange = diff.locator('tbody tr', { hasText: 'columns › stake › width' })
  await stakeChange.waitFor()
  t.same(await stakeChange.locator('td').allInnerTexts(), ['Added', '', '160'], 'the keyed diff shows Stake\'s width by its file and keys, before → after')
  const agentsAtSG = diff.locator('tbody tr').filter({ has: page.locator('th', { hasText: /^AG$/ }) }).filter({ has: page.locator('td:nth-child(2)', { hasText: /^SG$/ }) })
  await agentsAtSG.waitFor()
  t.match(await agentsAtSG.innerText(), /2 of 2: ag1, ag2[\s\S]*\/report\/full changed[\s\S]*\/report\/full full\.Stake changed/, 'and its impact: both agents at SG would see Full Report\'s Stake column change')
  t.same(await axeViolations(page), [], 'the draft\'s page: no serious or critical accessibility violation')

  // Preview as ag1 on Full Report, before anyone else sees the draft: the lists under the form say what the draft would change.
  const preview = page.locator('[data-widget-id=preview]')
  await preview.getByLabel(/^User/).fill('ag1')
  await preview.getByLabel('Page to preview, e.g. /report/full').fill('/report/full')
  await preview.getByRole('button', { name: 'Preview the draft as this user', exact: true }).click()
  const previewed = preview.locator('.rr-form-result')
  await previewed.waitFor()
  t.same(await previewed.locator('h3').allInnerTexts(), ['Page'], 'previewed as ag1: the page changes, the menu does not')
  t.same(await previewed.locator('li').allInnerTexts(), ['The draft changes this page as this user is served it.'], 'and says so in a sentence')

  await openFromMenu(page, 'Utilities', 'Configuration', CONSOLE)
  // Publish sends the revision its row shows: wait for the Drafts table read since the save (revision 2, in its sixth column).
  await rowWith(page, 'drafts', NOTE).locator('td:nth-child(6)', { hasText: /^2$/ }).waitFor()
  await sendDialog(page, rowWith(page, 'drafts', NOTE), 'Publish', 'Stake at 160 for agents')
  const versionTwo = rowWith(page, 'versions', 'Stake at 160 for agents')
  await versionTwo.waitFor()
  await draftRow.waitFor({ state: 'detached' })
  t.pass('published: version 2 is listed and the draft left the open drafts')
  t.match(await versionTwo.innerText(), /1 change: columns\/report-full\.json: column "stake" width added/, 'its row says what it changed: Full Report\'s Stake width')

  await agent.page.reload()
  await stakeDrawnAt(agent.page, '160px')
  t.pass('ag1\'s Full Report draws the Stake column at 160 px')

  const versionOne = page.locator('[data-widget-id=versions] tbody tr').filter({ has: page.locator('td:first-child', { hasText: /^1$/ }) })
  await sendDialog(page, versionOne, 'Roll back', 'Back to the shipped Stake')
  await rowWith(page, 'versions', 'Back to the shipped Stake').waitFor()
  await agent.page.reload()
  await stakeDrawnAt(agent.page, '110px')
  t.pass('after the rollback to version 1 ag1 sees the shipped width again')

  t.same(admin.errors, [], 'no script errors on admin\'s pages')
  t.same(agent.errors, [], 'nor on ag1\'s')
})
