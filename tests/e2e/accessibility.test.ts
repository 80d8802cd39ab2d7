import t from 'tap'
import { axeViolations, closeHomePopup, menuPaths, signInAt, startE2E, visit } from './support.ts'

// Every menu page of admin, ag1 and mem1 at SG and TT passes axe (no serious or critical violation).

// About a hundred page visits: longer than tap's default per-file limit on a loaded machine.
t.setTimeout(900_000)

t.test('accessibility of every menu page', async (t) => {
  const e2e = await startE2E(t)

  for (const userId of ['admin', 'ag1', 'mem1']) {
    await t.test(`${userId}: no serious or critical axe violation on any menu page, at SG and at TT`, async (t) => {
      const { page, errors } = await e2e.newPage()
      await signInAt(e2e, page, userId)
      for (const locId of ['SG', 'TT']) {
        if (locId === 'TT') {
          await page.locator('.header').getByRole('radio', { name: 'TOTO' }).click()
          await page.waitForURL((u) => u.searchParams.get('LocId') === 'TT')
          await closeHomePopup(page)
        }
        const paths = await menuPaths(page)
        t.ok(paths.length > 3, `${paths.length} menu pages at ${locId}`)
        const found: string[] = []
        for (const path of paths) {
          await visit(page, path)
          for (const v of await axeViolations(page)) found.push(`${locId} ${path}: ${v.id} (${v.impact}) at ${v.nodes.slice(0, 2).join(', ')}`)
        }
        t.same(found, [], `every menu page at ${locId}`)
      }
      t.same(errors, [], 'no script errors')
    })
  }
})
