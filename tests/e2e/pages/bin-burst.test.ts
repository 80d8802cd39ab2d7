import t from 'tap'
import { clickRowAction, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'
import { importFile } from './result-file.ts'

// Issue #31 as admin on Draw Setting, what only a browser shows: the Import result file dialog, each job's confirmation, a refusal
// drawn as an alert and gone once the job runs, the job widget's phase and status line. The figures, messages, the import's status
// and the report are proved at the service tier (tests/server/pages/draws-legacy.test.ts, 'a result file applied and confirmed').

t.test('Draw Setting: a result file applied and confirmed as jobs', async (t) => {
  let offsetMs = 0
  const e2e = await startE2E(t, { now: () => new Date(Date.now() + offsetMs) })
  const draw = (await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', '4d/draw/activeLatest') as Array<{ DrawId: number, Series: string, CloseDate: string }>)
    .find((d) => d.Series === 'SG4D')
  if (!draw) throw new Error('no open Singapore 4D draw in the seed')
  // The game API's clock a minute past the draw's close: closed, its result not in, not finalised.
  offsetMs = Date.parse(draw.CloseDate) + 60_000 - Date.now()
  const token = await gameApiToken(e2e, 'admin')

  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'Control', 'Draw Setting', '/control/drawSetting')
  await importFile(page, draw.DrawId)
  const imports = await gameApi(e2e, token, 'GET', '4d/binBurstImportAdmin') as Array<{ ImportId: number, DrawId: number }>
  const importId = imports.find((i) => i.DrawId === draw.DrawId)!.ImportId
  const row = page.locator('[data-widget-id=imports] tbody tr').filter({ has: page.getByRole('cell', { name: String(importId), exact: true }) })
  await clickRowAction(row, 'Preview payout')
  await row.filter({ hasText: 'Previewed' }).waitFor()
  await clickRowAction(row, 'Choose')
  const apply = page.locator('[data-widget-id=applyImport]')
  const confirm = page.locator('[data-widget-id=confirmImport]')

  // Confirm before Apply: asked first, refused in an alert.
  await confirm.getByRole('button', { name: `Confirm result import ${importId} and finalise` }).click()
  await confirmOk(page, /^Finalise the chosen draw\?/)
  await confirm.getByRole('alert').filter({ hasText: `Result import ${importId} is not applied yet; apply it in Draw Setting and wait for it to end.` }).waitFor()
  t.pass('Confirm before Apply shows the refusal as an alert')

  await apply.getByRole('button', { name: `Apply result import ${importId}` }).click()
  await confirmOk(page, 'Write this file\'s result to its draw?')
  await apply.getByRole('status').filter({ hasText: new RegExp(`^Result import ${importId} applied: `) }).waitFor({ timeout: 60_000 })
  t.equal(await apply.getAttribute('data-phase'), 'done', 'the Apply job widget reached done, its message in its status line')

  await confirm.getByRole('button', { name: `Confirm result import ${importId} and finalise` }).click()
  await confirmOk(page, /^Finalise the chosen draw\?/)
  await confirm.getByRole('status').filter({ hasText: /^Finalised: / }).waitFor({ timeout: 120_000 })
  t.equal(await confirm.getByRole('alert').count(), 0, 'the earlier refusal is gone')
  t.same(errors, [], 'no script errors')
})
