import t from 'tap'
import type { Locator } from 'playwright-core'
import { axeViolations, drawn, signInAt, startE2E } from '../support.ts'

// Group Report's New grouping dialog as ag1 draws it: a repeating group of a name and a multiple choice of the downlines, an item
// added by keyboard takes the focus, a removed one gives it to Add. What the groupings save and how the report groups by them is
// proved at the service tier (tests/server/pages/group-settings.test.ts).

const item = (dialog: Locator, n: number) => dialog.getByRole('group', { name: `Group ${n}`, exact: true })

t.test('ag1: the New grouping dialog\'s repeating group by keyboard', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  await page.goto(new URL('/report/group', page.url()).toString())
  await drawn(page, '/report/group')
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
  // The focus moves once the item is drawn (an effect after it): typing waits for it, on a loaded machine it came later.
  await page.waitForFunction((field) => document.activeElement === field, await item(dialog, 2).getByLabel('Group name').elementHandle(), { timeout: 10_000 })
  await page.keyboard.type('Players')
  t.equal(await item(dialog, 2).getByLabel('Group name').inputValue(), 'Players', 'focus moved into the new item')
  await item(dialog, 2).getByLabel('Members').selectOption(['mem1', 'mem3'])
  t.same(await axeViolations(page), [], 'no serious or critical axe violation in the dialog with two groups')
  await dialog.getByRole('button', { name: 'Remove Group 2' }).click()
  t.equal(await dialog.getByRole('group', { name: /^Group \d$/ }).count(), 1, 'one group left')
  t.equal(await dialog.getByRole('button', { name: 'Add Group' }).evaluate((b) => b === document.activeElement), true, 'focus went to Add')
  t.same(errors, [], 'no script errors')
})
