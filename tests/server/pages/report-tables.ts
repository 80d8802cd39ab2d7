// The report pages' tables read through the service as the client reads them: the descriptor a user is served, each
// table's call with that user's session and the page's filter and route values, its rows at the descriptor's dataPath,
// its footer as the client sums it, and a column found by the heading the user reads.
import { DEMO_PASSWORD, type Browser } from '../../helpers/http-browser.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { footerSums, type Row } from '../../../client/src/renderers/lib/tableModel.ts'
import type { DataBinding, TableColumn, Widget } from '../../../schemas/widgets.ts'

export type { Row }
export interface Table { type: 'table', id: string, data: DataBinding, columns: TableColumn[], sumsPath?: string, totalPath?: string, rowActions?: Array<{ id: string, kind: string, to?: string, when?: { field: string, equals: unknown } }> }
export interface Read { status: number, url: string, rows: Row[], footer: Record<string, number>, data: unknown }

/** Dollars in cents. */
export const cents = (value: unknown) => Math.round(Number(value ?? NaN) * 100)

/** A page as the user is served it: its widgets (tabs and gates opened) by id. */
export async function pageOf (browser: Browser, path: string): Promise<Map<string, Widget>> {
  const page = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (page.status !== 200) throw new Error(`${path}: ${page.status} ${page.text}`)
  return new Map(widgetsOf(page.json.widgets).map((w) => [w.id, w]))
}

/** A table widget of a page; throws (failing the test) when the page has none of that id. */
export function tableOf (widgets: Map<string, Widget>, id: string): Table {
  const found = widgets.get(id)
  if (found?.type !== 'table') throw new Error(`no table ${id} in ${[...widgets.keys()].join(', ')}`)
  return found as unknown as Table
}

/** The URL a binding calls with these filter values and route query, as the client resolves its parameters (an empty filter is left out). */
export function boundUrl (binding: DataBinding, filters: Record<string, string> = {}, query: Record<string, string> = {}): string {
  const chosen: Record<string, string> = {}
  for (const [name, source] of Object.entries(binding.params ?? {})) {
    const value = source.from === 'filter' ? filters[source.name] : undefined
    if (value !== undefined && value !== '') chosen[name] = value
  }
  return urlOf(binding, query, chosen)
}

/** What a call answered as the client reads it (client/src/lib/api.ts callData): the envelope's data, or the whole answer when it has none (the service's own /ui routes). */
const dataOf = (json: unknown): unknown => json !== null && typeof json === 'object' && 'data' in json ? json.data : json

/** One table's call with the page's filters and query: its rows and the footer's sums (the answer's at sumsPath, else the rows' own). */
export async function read (browser: Browser, table: Table, filters: Record<string, string> = {}, query: Record<string, string> = {}): Promise<Read> {
  const url = boundUrl(table.data, filters, query)
  const answer = await browser.get(url)
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.text}`)
  const data = dataOf(answer.json)
  const rows = (pathOf(data, table.data.dataPath) ?? []) as Row[]
  const served = table.sumsPath ? pathOf(data, table.sumsPath) as Record<string, unknown> | undefined : undefined
  return { status: answer.status, url, rows, footer: footerSums(rows, table.columns, served), data }
}

/** The user's catalogue in a language (/ui/i18n), to read a descriptor's keys as the page shows them. */
export async function catalogueOf (browser: Browser, lang = 'en'): Promise<(key: string | undefined) => string> {
  const catalogue = (await browser.get(`/ui/i18n/${lang}`)).json
  return (key) => {
    const text = key === undefined ? undefined : pathOf(catalogue, key)
    return typeof text === 'string' ? text : ''
  }
}

/** The field of the table's column headed with this text (the en catalogue's word for its labelKey); throws when none is. */
export function fieldHeaded (table: Table, heading: string, say: (key: string) => string): string {
  const column = table.columns.find((c) => say(c.labelKey) === heading)
  if (column === undefined) throw new Error(`${table.id}: no column headed ${heading} in ${table.columns.map((c) => say(c.labelKey)).join(', ')}`)
  return column.field
}

/** Calls straight to the game API as a demo user (its own token, not the browser's path): a set-up, or what the game API answers to hold the page's call against; throws on a refusal. */
export async function gameApiAs (gameApiUrl: string, userId: string): Promise<(path: string, method?: string, body?: unknown) => Promise<any>> {
  const grant = await fetch(`${gameApiUrl}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: userId, password: DEMO_PASSWORD }) })
  const token = ((await grant.json()) as { data: { access_token: string } }).data.access_token
  return async (path, method = 'GET', body = undefined) => {
    const res = await fetch(`${gameApiUrl}/api/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const answer = await res.json() as { success: boolean, data: unknown, message?: string }
    if (!res.ok || !answer.success) throw new Error(`${method} ${path}: ${res.status} ${answer.message}`)
    return answer.data
  }
}
