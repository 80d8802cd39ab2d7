import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { confirmOk } from '../../helpers/browser.ts'
import { axeViolations, clickRowAction, drawn, signInAt, startE2E } from '../support.ts'

// Group Report's groupings as an agent with three direct downlines (ag2, mem1, mem3) keeps them: a new grouping of two groups
// made in its dialog (a repeating group of a name and a multiple choice of the downlines), the report grouped by it, the grouping
// edited (one downline in two groups refused with the game API's words, then a group removed) and deleted.

const money = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100)

/** The report's rows as UserName → Stake in cents (a group row's UserName is the group's name). */
async function stakes (page: Page): Promise<Map<string, number>> {
  const table = page.locator('[data-widget-id=group]')
  await table.locator('tbody tr').first().waitFor()
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  const name = headers.indexOf('Name') + 1
  const stake = headers.indexOf('Stake') + 1
  const rows = await table.locator('tbody tr').evaluateAll((trs, at) => trs.map((tr) => [tr.children[at.name]?.textContent ?? '', tr.children[at.stake]?.textContent ?? '']), { name: name - 1, stake: stake - 1 })
  return new Map(rows.map(([n, s]) => [(n ?? '').trim(), money(s ?? '')]))
}

/** Shows the report grouped by the named grouping (or by nobody), as the filters do it. */
async function showGrouping (page: Page, label: string, expectRow: string) {
  await page.getByLabel('Grouping', { exact: true }).selectOption({ label })
  await page.locator('[data-widget-id=filters]').getByRole('button', { name: 'Show' }).click()
  await page.locator('[data-widget-id=group] tbody tr').filter({ hasText: expectRow }).first().waitFor()
}

const item = (dialog: Locator, n: number) => dialog.getByRole('group', { name: `Group ${n}`, exact: true })
const savingsRow = (page: Page, name: string) => page.locator('[data-widget-id=groupings] tbody tr').filter({ hasText: name })

t.test('ag1: a grouping made, used, edited and deleted on Group Report', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  await page.goto(new URL('/report/group', page.url()).toString())
  await drawn(page, '/report/group')
  const own = await stakes(page)
  t.ok(['ag2', 'mem1', 'mem3'].every((u) => own.has(u)), `each direct downline has its row: ${[...own.keys()].join(' ')}`)

  await t.test('a new grouping of two groups, the second added by keyboard', async (t) => {
    await page.getByRole('button', { name: 'New grouping' }).click()
    const dialog = page.getByRole('dialog', { name: 'New grouping' })
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('East and West')
    t.equal(await dialog.getByRole('group', { name: /^Group \d$/ }).count(), 1, 'a required group starts with one item')
    await item(dialog, 1).getByLabel('Group name').fill('Agents')
    await item(dialog, 1).getByLabel('Members').selectOption(['ag2'])
    // Add by keyboard: the new item's first field takes the focus, so typing goes on there.
    await dialog.getByRole('button', { name: 'Add Group' }).focus()
    await page.keyboard.press('Enter')
    await item(dialog, 2).waitFor()
    await page.keyboard.type('Players')
    t.equal(await item(dialog, 2).getByLabel('Group name').inputValue(), 'Players', 'focus moved into the new item')
    await item(dialog, 2).getByLabel('Members').selectOption(['mem1', 'mem3'])
    t.same(await axeViolations(page), [], 'no serious or critical axe violation in the dialog with two groups')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    await savingsRow(page, 'East and West').waitFor()
  })

  await t.test('the picker offers it and the report groups by it, the group rows summing their members', async (t) => {
    await showGrouping(page, 'East and West', 'Players')
    const grouped = await stakes(page)
    t.notOk(['ag2', 'mem1', 'mem3'].some((u) => grouped.has(u)), `the members are inside their group rows: ${[...grouped.keys()].join(' ')}`)
    t.equal(grouped.get('Agents'), own.get('ag2'), 'Agents is ag2\'s row')
    t.equal(grouped.get('Players'), (own.get('mem1') ?? 0) + (own.get('mem3') ?? 0), 'Players sums mem1 and mem3')
  })

  await t.test('editing: a downline in two groups is refused, then one group removed and the other changed', async (t) => {
    await clickRowAction(savingsRow(page, 'East and West'), 'Edit')
    const dialog = page.getByRole('dialog', { name: 'Edit grouping' })
    t.equal(await item(dialog, 1).getByLabel('Group name').inputValue(), 'Agents', 'prefilled from the saved grouping')
    t.same(await item(dialog, 2).getByLabel('Members').evaluate((s: HTMLSelectElement) => [...s.selectedOptions].map((o) => o.value)), ['mem1', 'mem3'])
    await item(dialog, 1).getByLabel('Group name').fill('Team A')
    await item(dialog, 1).getByLabel('Members').selectOption(['ag2', 'mem1'])
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByText('User mem1 is listed twice: a direct downline belongs to one group of a setting.').waitFor()
    t.pass('the game API\'s refusal is shown in the dialog')
    await dialog.getByRole('button', { name: 'Remove Group 2' }).click()
    t.equal(await dialog.getByRole('group', { name: /^Group \d$/ }).count(), 1, 'one group left')
    t.equal(await dialog.getByRole('button', { name: 'Add Group' }).evaluate((b) => b === document.activeElement), true, 'focus went to Add')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    await showGrouping(page, 'East and West', 'Team A')
    const grouped = await stakes(page)
    t.equal(grouped.get('Team A'), (own.get('ag2') ?? 0) + (own.get('mem1') ?? 0), 'Team A sums ag2 and mem1')
    t.equal(grouped.get('mem3'), own.get('mem3'), 'mem3 has its own row again')
    t.notOk(grouped.has('Players'), 'the removed group is gone')
  })

  await t.test('deleting it after the confirmation: the list and the picker drop it', async (t) => {
    await clickRowAction(savingsRow(page, 'East and West'), 'Delete')
    await confirmOk(page, 'Delete this grouping?')
    await savingsRow(page, 'East and West').waitFor({ state: 'detached' })
    await page.waitForFunction(() => ![...document.querySelectorAll('select option')].some((o) => o.textContent === 'East and West'))
    t.pass('no grouping of that name is offered')
  })

  t.same(errors, [], 'no script errors')
})
