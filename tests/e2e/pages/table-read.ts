import type { Locator, Page } from 'playwright-core'

// Reading a rendered table and the page's view tabs, for tests that hold shown figures against the game API's answers.

/** Shown money ("1,234.50") in cents. */
export const money = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100)
/** An answer's dollars in cents. */
export const cents = (value: number) => Math.round(value * 100)

/** A table's shown rows as header → cell text (the first rows a virtual table draws). */
export async function tableRows (table: Locator): Promise<Array<Record<string, string>>> {
  await table.locator('tbody tr').first().waitFor()
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())))
  return rows.map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])))
}

/** A footer sum in cents. */
export const footer = async (table: Locator, field: string) => money(await table.locator(`tfoot td[data-sum=${field}]`).innerText())
/** One tab of the page's views widget. */
export const tab = (page: Page, name: string) => page.locator('[data-widget-id=views]').getByRole('tab', { name, exact: true })
