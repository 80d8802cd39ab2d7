import type { Page } from 'playwright-core'
import { RESULT_FILE } from '../../helpers/result-file.ts'

// Staging the result file on Draw Setting through its Import result file dialog (the bin-burst browser test).

/** Stages RESULT_FILE for a draw through the Import result file form. */
export async function importFile (page: Page, drawId: number): Promise<void> {
  await page.getByRole('button', { name: 'Import result file' }).click()
  const dialog = page.locator('dialog[open]')
  await dialog.getByLabel('Draw').fill(String(drawId))
  await dialog.getByLabel('Result file name').fill('sg4d.csv')
  await dialog.getByLabel('File content (CSV rows: prize,number)').fill(RESULT_FILE)
  await dialog.getByRole('button', { name: 'Import result file' }).click()
  await dialog.getByRole('status').filter({ hasText: `staged for draw ${drawId}` }).waitFor()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'detached' })
}
