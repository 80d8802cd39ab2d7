import type { Page } from 'playwright-core'

// A Singapore 4D result file as the operator receives it, staging it on Draw Setting, and reading a finalised draw's report
// (draws-legacy, bin-burst and fixed-finalise browser tests).

/** CSV rows prize,number: 1234 is the 1st prize. */
export const RESULT_FILE = [
  'prize,number', 'first,1234', 'second,5678', 'third,9012',
  ...['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '2341'].map((n) => `starter,${n}`),
  ...['2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '5555'].map((n) => `consolation,${n}`)
].join('\n')

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

/** The payout a result report's totals line shows ("payout 2,000.00" → 2000). */
export const amount = (text: string) => Number(/payout\D*([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN)
