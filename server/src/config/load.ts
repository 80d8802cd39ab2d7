import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { TSchema } from 'typebox'
import { ColumnSetConfig } from '../../../schemas/columns.ts'
import { MenuConfig } from '../../../schemas/menu.ts'
import { PageShape, WidgetConfigByType, type PageConfig, type WidgetConfig } from '../../../schemas/page.ts'
import { ApiAllowlist } from '../../../schemas/api.ts'
import { MAX_RULE_DEPTH } from '../../../schemas/rule.ts'
import { jsonErrorOffset, lineColumnAt } from '../../../schemas/json-position.ts'
import { configSchemaNameOf } from '../../../schemas/config-file-kinds.ts'
import { compileAllowlist, type EndpointMatcher } from '../proxy/allowlist.ts'
import { schemaIssues } from './schema-issues.ts'
import { segment, type Issue } from './rule-check.ts'
import { checkCatalogue, checkReferences, flattenCatalogue, textOf, type Catalogue } from './i18n.ts'
import { compileMenu, type CompiledMenu } from './menu.ts'
import { compilePages, type CompiledPages } from './pages.ts'
import { checkPageForms } from './form-check.ts'
import { deriveAllowlist } from './endpoints.ts'
import { errorsWhereWritten, resolveAllFragments, type Origin } from './fragments.ts'

/** One problem of a config: the file (relative to the config directory), the JSON pointer inside it, and what to change. */
export interface ConfigError { file: string, pointer: string, message: string, line?: number }

/** A validated config, ready for the request path: raw parts plus what was precomputed at load time. */
export interface LoadedConfig {
  /** Hash of the content of every config file read. */
  version: string
  /** ISO time this config was loaded. */
  loadedAt: string
  menu: MenuConfig
  pages: ReadonlyArray<{ file: string, page: PageConfig }>
  columnSets: ReadonlyMap<string, ColumnSetConfig>
  i18n: { en: Catalogue, zh: Catalogue }
  compiled: { menu: CompiledMenu, pages: CompiledPages }
  /** The proxy allowlist: derived from the page templates' bindings plus api.json's shell and public endpoints, compiled. */
  api: EndpointMatcher
  /** Where the parts of each page and column set that came from fragments were written (by file, then pointer in the resolved value). */
  origins: ReadonlyMap<string, ReadonlyMap<string, Origin>>
}

export type LoadResult = { ok: true, config: LoadedConfig } | { ok: false, version: string, errors: ConfigError[] }

/** The config files by path relative to the directory (menu.json, pages/x.json, …) → their text. */
export type ConfigFiles = ReadonlyMap<string, string>

const LANGUAGES = ['en', 'zh'] as const

/** Hash of the files' content (names included), the config version. */
export function contentVersion (files: ConfigFiles): string {
  const hash = createHash('sha256')
  for (const name of [...files.keys()].sort()) hash.update(`${name}\0${files.get(name)}\0`)
  return hash.digest('hex').slice(0, 16)
}

async function jsonFilesIn (dir: string, sub: string): Promise<string[]> {
  try {
    const names = await readdir(join(dir, sub))
    return names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort().map((name) => `${sub}/${name}`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/** Reads the config files of a directory (following symlinks, as with Kubernetes ConfigMaps). */
export async function readConfigDir (dir: string): Promise<{ files: Map<string, string>, errors: ConfigError[] }> {
  const files = new Map<string, string>()
  const errors: ConfigError[] = []
  const names = ['menu.json', 'api.json', ...LANGUAGES.map((l) => `i18n/${l}.json`), ...(await Promise.all([jsonFilesIn(dir, 'pages'), jsonFilesIn(dir, 'columns'), jsonFilesIn(dir, 'fragments')])).flat()]
  // All at once: one by one, a reload under load waits a turn of the event loop per file.
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8').catch((error: NodeJS.ErrnoException) => error)))
  names.forEach((name, i) => {
    const text = texts[i]
    if (typeof text === 'string') { files.set(name, text); return }
    const code = text?.code
    errors.push({ file: name, pointer: '', message: code === 'ENOENT' ? `missing: create ${name} in the config directory ${dir}` : `cannot be read (${code ?? String(text)}): check its permissions` })
  })
  return { files, errors }
}

/** The last few configs validated, by content version: a process that starts several services (tests, benchmarks) validates the same files once. */
const validatedConfigs = new Map<string, LoadResult>()
const VALIDATED_KEPT = 4

/** Validates the files, or answers the validation of the same content again (stamped with this load's time). */
export function validateOnce (files: ConfigFiles): LoadResult {
  const version = contentVersion(files)
  let result = validatedConfigs.get(version)
  if (!result) {
    result = validateConfig(files)
    validatedConfigs.set(version, result)
    // Maps keep insertion order: the first key is the oldest.
    if (validatedConfigs.size > VALIDATED_KEPT) validatedConfigs.delete(validatedConfigs.keys().next().value as string)
  }
  return result.ok ? { ok: true, config: { ...result.config, loadedAt: new Date().toISOString() } } : result
}

/** Reads and validates a config directory; answers the files read too (the config store keeps them as a version). */
export async function loadConfig (dir: string): Promise<LoadResult & { files: ConfigFiles }> {
  const { files, errors } = await readConfigDir(dir)
  const result = validateOnce(files)
  if (errors.length === 0) return { ...result, files }
  return { ok: false, version: contentVersion(files), errors: [...errors, ...(result.ok ? [] : result.errors)], files }
}

/** Deepest nesting of objects and arrays a config file may have; every checker after the parser recurses, so this bounds their stacks. */
export const MAX_JSON_DEPTH = 64

/** The pointer of the first value nested deeper than MAX_JSON_DEPTH, walked without recursion; undefined when none is. */
function tooDeep (value: unknown): string | undefined {
  const stack: Array<{ node: unknown, pointer: string, depth: number }> = [{ node: value, pointer: '', depth: 0 }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.node === null || typeof item.node !== 'object') continue
    if (item.depth >= MAX_JSON_DEPTH) return item.pointer
    for (const [key, child] of Object.entries(item.node)) stack.push({ node: child, pointer: `${item.pointer}/${segment(key)}`, depth: item.depth + 1 })
  }
  return undefined
}

function parseJson (file: string, text: string, errors: ConfigError[]): unknown {
  try {
    const value: unknown = JSON.parse(text)
    const deep = tooDeep(value)
    if (deep === undefined) return value
    errors.push({ file, pointer: deep, message: `nested more than ${MAX_JSON_DEPTH} levels deep: flatten it (rules nest at most ${MAX_RULE_DEPTH} levels of all, any and not)` })
    return undefined
  } catch (error) {
    const reason = (error as Error).message.replace(/( in JSON at position|, \.\.\.|, "| is not valid JSON).*$/s, '')
    const { line, column } = lineColumnAt(text, jsonErrorOffset(text))
    errors.push({ file, pointer: '', line, message: `invalid JSON at line ${line}, column ${column} (${reason}): fix the syntax there` })
    return undefined
  }
}

function checkSchemaRef (file: string, value: unknown, errors: ConfigError[]) {
  const expected = configSchemaNameOf(file)
  const ref = (value as { $schema?: unknown } | undefined)?.$schema
  if (expected && typeof ref === 'string' && !ref.endsWith(`/${expected}.schema.json`) && ref !== `${expected}.schema.json`) {
    errors.push({ file, pointer: '/$schema', message: `points at ${JSON.stringify(ref)}: a ${expected} file uses ${file.includes('/') ? '../../schemas' : '../schemas'}/${expected}.schema.json` })
  }
}

function validated<T> (file: string, schema: TSchema, value: unknown, errors: ConfigError[]): T | undefined {
  if (value === undefined) return undefined
  const issues = schemaIssues(schema, value)
  for (const issue of issues) errors.push({ file, ...issue })
  checkSchemaRef(file, value, errors)
  return issues.length === 0 ? value as T : undefined
}

/** A page template: its shape first, then each widget against the schema its type names (so a typo points into that widget). */
function validatedPage (file: string, value: unknown, errors: ConfigError[]): PageConfig | undefined {
  const shape = validated<PageConfig>(file, PageShape, value, errors)
  if (!shape) return undefined
  let ok = true
  shape.widgets.forEach((widget, w) => {
    const issues = schemaIssues(WidgetConfigByType[widget.type], widget)
    for (const issue of issues) errors.push({ file, pointer: `/widgets/${w}${issue.pointer}`, message: issue.message })
    if (issues.length > 0) ok = false
  })
  return ok ? shape : undefined
}

/** Validates a whole config (schemas, cross-references, translations) without touching the disk: the same answer for the same files. */
export function validateConfig (files: ConfigFiles, now: Date = new Date()): LoadResult {
  const errors: ConfigError[] = []
  const version = contentVersion(files)
  const parsed = new Map<string, unknown>()
  for (const [file, text] of files) parsed.set(file, parseJson(file, text, errors))
  const { fragments, origins } = resolveAllFragments(parsed, errors)
  for (const [file, value] of fragments) checkSchemaRef(file, value, errors)

  const menu = validated<MenuConfig>('menu.json', MenuConfig, parsed.get('menu.json'), errors)
  const pages: Array<{ file: string, page: PageConfig }> = []
  const columnSets = new Map<string, ColumnSetConfig>()
  const columnFiles = new Map<string, string>()
  for (const [file, value] of parsed) {
    if (file.startsWith('pages/')) {
      const page = validatedPage(file, value, errors)
      if (page) pages.push({ file, page })
    } else if (file.startsWith('columns/')) {
      const set = validated<ColumnSetConfig>(file, ColumnSetConfig, value, errors)
      if (!set) continue
      const other = columnFiles.get(set.key)
      if (other) errors.push({ file, pointer: '/key', message: `column set "${set.key}" is already defined in ${other}: give this one another key` })
      else { columnSets.set(set.key, set); columnFiles.set(set.key, file) }
    }
  }
  if (![...files.keys()].some((f) => f.startsWith('pages/'))) errors.push({ file: 'pages', pointer: '', message: 'no page templates: add at least one pages/<name>.json' })

  const catalogues: Partial<Record<(typeof LANGUAGES)[number], Catalogue>> = {}
  for (const lang of LANGUAGES) {
    const file = `i18n/${lang}.json`
    const value = parsed.get(file)
    if (value === undefined) continue
    const issues = checkCatalogue(value)
    for (const issue of issues) errors.push({ file, ...issue })
    checkSchemaRef(file, value, errors)
    if (issues.length === 0) catalogues[lang] = value as Catalogue
  }

  const keys = { en: catalogues.en ? flattenCatalogue(catalogues.en) : undefined, zh: catalogues.zh ? flattenCatalogue(catalogues.zh) : undefined }
  if (keys.en && keys.zh) crossLanguage(keys.en, keys.zh, errors)
  for (const lang of LANGUAGES) for (const { key, message } of keys[lang] ? checkReferences(keys[lang]) : []) errors.push({ file: `i18n/${lang}.json`, pointer: '/' + key.split('.').map(segment).join('/'), message })
  const requireKey: RequireKey = (file, pointer, key, kind = 'text') => {
    for (const lang of LANGUAGES) {
      const known = keys[lang]
      if (!known) continue
      if (kind === 'text' && !known.has(key)) errors.push({ file, pointer, message: `unknown i18n key "${key}": add it to i18n/${lang}.json (or fix the key)` })
      if (kind === 'vocabulary' && ![...known.keys()].some((k) => k.startsWith(`${key}.`))) errors.push({ file, pointer, message: `no vocabulary "${key}" in i18n/${lang}.json: add a section of value → text there (or fix the name)` })
    }
  }

  const pagePaths = pagePathIndex(pages, errors)
  if (menu) checkMenu(menu, pagePaths, requireKey, errors)
  const api = validated<ApiAllowlist>('api.json', ApiAllowlist, parsed.get('api.json'), errors)
  if (api) checkApi(api, pagePaths, errors)
  const allowlist = api ? deriveAllowlist(pages, api, errors, columnSets) : []
  for (const { file, page } of pages) checkPage(file, page, columnSets, requireKey, errors)
  for (const { file, page } of pages) {
    checkPageForms(file, page, errors)
    if (page.menuPath !== undefined && !pagePaths.has(page.menuPath)) errors.push({ file, pointer: '/menuPath', message: `no page template serves "${page.menuPath}": name the menu path of the list this page belongs to (see pages/*.json)` })
  }
  for (const [key, set] of columnSets) checkColumns(columnFiles.get(key) as string, set, requireKey, errors)

  if (errors.length > 0 || !menu || !api || !catalogues.en || !catalogues.zh) {
    return { ok: false, version, errors: errors.length > 0 ? errorsWhereWritten(errors, origins) : [{ file: 'menu.json', pointer: '', message: 'incomplete config: menu.json, api.json and i18n/en.json, i18n/zh.json are required' }] }
  }
  const compiledPages = compilePages(pages, columnSets)
  return {
    ok: true,
    config: {
      version,
      loadedAt: now.toISOString(),
      menu,
      pages,
      columnSets,
      i18n: { en: catalogues.en, zh: catalogues.zh },
      compiled: { menu: compileMenu(menu), pages: compiledPages },
      api: compileAllowlist(allowlist),
      origins
    }
  }
}

/** api.json's own consistency: pages that exist, settings that fit the methods, no method listed twice for one path (deriveAllowlist checks the contract and who reaches it). */
function checkApi (api: ApiAllowlist, pagePaths: ReadonlyMap<string, string>, errors: ConfigError[]) {
  const file = 'api.json'
  const seen = new Map<string, number>()
  api.endpoints.forEach((endpoint, e) => {
    const pointer = `/endpoints/${e}`
    if (endpoint.public && endpoint.game) errors.push({ file, pointer: `${pointer}/public`, message: 'a public endpoint has no session location to choose 4d/ or tt/ from: remove "game" or "public"' })
    if (endpoint.cache && !endpoint.methods.includes('GET')) errors.push({ file, pointer: `${pointer}/cache`, message: 'only GET answers are cached: remove "cache" or add GET' })
    if (endpoint.clearsCaches && endpoint.methods.includes('GET')) errors.push({ file, pointer: `${pointer}/clearsCaches`, message: 'a GET clears nothing: remove "clearsCaches" or list only POST, PUT or DELETE' })
    if (endpoint.stream && (endpoint.cache || endpoint.methods.some((m) => m !== 'GET'))) errors.push({ file, pointer: `${pointer}/stream`, message: 'a stream is only read (GET) and never cached: list only GET and remove "cache"' })
    if (endpoint.multipart && !endpoint.methods.some((m) => m === 'POST' || m === 'PUT')) errors.push({ file, pointer: `${pointer}/multipart`, message: 'only a POST or PUT carries a multipart body: remove "multipart" or add POST' })
    // Without a session there is no CSRF token and no user to audit: public endpoints are read-only.
    if (endpoint.public && endpoint.methods.some((m) => m !== 'GET')) errors.push({ file, pointer: `${pointer}/methods`, message: 'a public endpoint may only be read (GET): calls without a session carry no CSRF token and no user to audit; remove "public" or the other methods' })
    endpoint.pages?.forEach((path, p) => {
      if (!pagePaths.has(path)) errors.push({ file, pointer: `${pointer}/pages/${p}`, message: `no page template serves "${path}": use a menu path (see pages/*.json) or fix it` })
    })
    const shape = endpoint.path.replace(/:[A-Za-z0-9]+/g, ':')
    for (const method of endpoint.methods) {
      const key = `${method} ${shape}`
      const other = seen.get(key)
      if (other !== undefined) errors.push({ file, pointer: `${pointer}/methods`, message: `${method} ${endpoint.path} is already listed at /endpoints/${other}: list each method of a path once` })
      else seen.set(key, e)
    }
  })
}

function crossLanguage (en: ReadonlyMap<string, string>, zh: ReadonlyMap<string, string>, errors: ConfigError[]) {
  const pointerOf = (key: string) => '/' + key.split('.').map(segment).join('/')
  // Chinese has one plural form: English's key_one is answered by the key itself there (i18next falls back to it).
  for (const key of en.keys()) if (!zh.has(key) && !zh.has(key.replace(/_one$/, ''))) errors.push({ file: 'i18n/zh.json', pointer: pointerOf(key), message: `missing translation of "${key}" (en: ${JSON.stringify(textOf(en, key))}): add it` })
  for (const key of zh.keys()) if (!en.has(key)) errors.push({ file: 'i18n/en.json', pointer: pointerOf(key), message: `missing translation of "${key}" (zh: ${JSON.stringify(textOf(zh, key))}): add it` })
}

/** Maps every page path (path and ttPath) to its file; a path claimed twice is an error. */
function pagePathIndex (pages: ReadonlyArray<{ file: string, page: PageConfig }>, errors: ConfigError[]): Map<string, string> {
  const index = new Map<string, string>()
  for (const { file, page } of pages) {
    for (const [field, path] of [['path', page.path], ['ttPath', page.ttPath]] as const) {
      if (path === undefined) continue
      const other = index.get(path)
      if (other) errors.push({ file, pointer: `/${field}`, message: `duplicate path "${path}": ${other} already serves it; remove one or change the path` })
      else index.set(path, file)
    }
  }
  return index
}

type RequireKey = (file: string, pointer: string, key: string, kind?: 'text' | 'vocabulary') => void

function checkMenu (menu: MenuConfig, pagePaths: ReadonlyMap<string, string>, requireKey: RequireKey, errors: ConfigError[]) {
  const file = 'menu.json'
  const groupKeys = new Set<string>()
  const itemKeys = new Map<string, string>()
  menu.groups.forEach((group, g) => {
    const gp = `/groups/${g}`
    if (groupKeys.has(group.key)) errors.push({ file, pointer: `${gp}/key`, message: `duplicate group key "${group.key}": give each group its own key` })
    groupKeys.add(group.key)
    requireKey(file, `${gp}/label`, group.label)
    group.items.forEach((item, i) => {
      const ip = `${gp}/items/${i}`
      const other = itemKeys.get(item.key)
      if (other) errors.push({ file, pointer: `${ip}/key`, message: `duplicate item key "${item.key}" (also at ${other}): give each item its own key` })
      else itemKeys.set(item.key, ip)
      requireKey(file, `${ip}/label`, item.label)
      const kinds = [item.path !== undefined && 'path', item.external !== undefined && 'external', item.action !== undefined && 'action'].filter(Boolean)
      if (kinds.length !== 1) errors.push({ file, pointer: ip, message: kinds.length === 0 ? 'an item needs one of "path" (a page), "external" (a settings URL) or "action"' : `an item has exactly one of "path", "external" or "action", not ${kinds.join(' and ')}` })
      if (item.path === undefined) {
        for (const field of ['ttPath', 'mobilePath'] as const) {
          if (item[field] !== undefined) errors.push({ file, pointer: `${ip}/${field}`, message: `"${field}" is a variant of "path": add "path" or remove "${field}"` })
        }
      }
      for (const field of ['path', 'ttPath', 'mobilePath'] as const) {
        const path = item[field]
        if (path !== undefined && !pagePaths.has(path)) errors.push({ file, pointer: `${ip}/${field}`, message: `no page template serves "${path}": add pages/<name>.json with "path": "${path}" (or as its "ttPath"), or fix the path` })
      }
    })
  })
  menu.groups.forEach((group, g) => group.items.forEach((item, i) => {
    if (item.opensGroup !== undefined && !groupKeys.has(item.opensGroup)) errors.push({ file, pointer: `/groups/${g}/items/${i}/opensGroup`, message: `no group has the key "${item.opensGroup}": name one of ${[...groupKeys].join(', ')}` })
  }))
}

/** A dotted string under a prop whose name ends in Key (or in a list whose name ends in Keys) is an i18n key; rowKey: 'UserId' is not. */
function propKeys (node: unknown, pointer: string, visit: (pointer: string, key: string) => void, name = '') {
  if (typeof node === 'string') { if (/Keys?$/.test(name) && /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/.test(node)) visit(pointer, node); return }
  if (Array.isArray(node)) { node.forEach((child, i) => propKeys(child, `${pointer}/${i}`, visit, /Keys$/.test(name) ? name : '')); return }
  if (node !== null && typeof node === 'object') for (const [key, child] of Object.entries(node)) propKeys(child, `${pointer}/${segment(key)}`, visit, key)
}

/** Table widgets of a page at any depth (inside tabs and access gates too), with their pointers. */
function tablesOf (widgets: readonly WidgetConfig[], pointer: string): Array<{ at: string, pointer: string, columns: string | unknown[], print: boolean, ticks: boolean, rowKey: boolean }> {
  return widgets.flatMap((widget, w) => {
    const at = `${pointer}/${w}`
    if (widget.type === 'table') return [{ at, pointer: `${at}/columns`, columns: widget.columns, print: widget.print === true, ticks: (widget.selectionActions?.length ?? 0) > 0, rowKey: widget.rowKey !== undefined }]
    if (widget.type === 'tabs') return widget.tabs.flatMap((tab, i) => tablesOf(tab.widgets, `${at}/tabs/${i}/widgets`))
    if (widget.type === 'accessGate') return tablesOf(widget.widgets, `${at}/widgets`)
    return []
  })
}

function checkPage (file: string, page: PageConfig, columnSets: ReadonlyMap<string, ColumnSetConfig>, requireKey: RequireKey, errors: ConfigError[]) {
  requireKey(file, '/title', page.title)
  for (const [value, key] of Object.entries(page.titleByQuery?.titles ?? {})) requireKey(file, `/titleByQuery/titles/${value}`, key)
  for (const table of tablesOf(page.widgets, '/widgets')) {
    // A tick must stay on its row through a sort and a reload: rows are told apart by their key, not their place.
    if (table.ticks && !table.rowKey) errors.push({ file, pointer: `${table.at}/selectionActions`, message: 'a table with selection actions needs a rowKey (the field that tells its rows apart)' })
    if (typeof table.columns === 'string' && !columnSets.has(table.columns)) {
      errors.push({ file, pointer: table.pointer, message: `unknown column set "${table.columns}": add columns/${table.columns}.json or use one of ${[...columnSets.keys()].join(', ') || '(none defined)'}` })
    } else if (Array.isArray(table.columns)) {
      checkColumnList(file, table.pointer, table.columns as ColumnSetConfig['columns'], errors)
      checkValueLabels(file, table.pointer, table.columns as ColumnSetConfig['columns'], requireKey)
    }
  }
  page.widgets.forEach((widget, w) => propKeys(widget, `/widgets/${w}`, (pointer, key) => requireKey(file, pointer, key)))
  const actionIds = new Set<string>()
  const tablePrints = tablesOf(page.widgets, '/widgets').some((table) => table.print)
  page.actions?.forEach((action, a) => {
    // A table that prints gives the page its Print button (all rows, not only those on screen): a second one confuses.
    if (action.kind === 'print' && tablePrints) errors.push({ file, pointer: `/actions/${a}`, message: 'the page\'s table already has a Print button ("print": true): remove this print action' })
    if (actionIds.has(action.id)) errors.push({ file, pointer: `/actions/${a}/id`, message: `duplicate action id "${action.id}": give each action its own id` })
    actionIds.add(action.id)
    // Every key of the action, a dialog form's fields and messages too.
    propKeys(action, `/actions/${a}`, (pointer, key) => requireKey(file, pointer, key))
  })
}

function checkColumnList (file: string, pointer: string, columns: ColumnSetConfig['columns'], errors: ConfigError[]) {
  const seen = new Set<string>()
  columns.forEach((column, c) => {
    if (seen.has(column.field)) errors.push({ file, pointer: `${pointer}/${c}/field`, message: `duplicate column "${column.field}": each column of a set shows a different field` })
    seen.add(column.field)
    if (column.sum === true && !['number', 'money', 'percent'].includes(column.type)) errors.push({ file, pointer: `${pointer}/${c}/sum`, message: `a ${column.type} column cannot be summed: remove "sum" or make the column number, money or percent` })
  })
}

/** The keys a column's values show through: each status label, its vocabulary and its empty cell's word. */
function checkValueLabels (file: string, pointer: string, columns: ColumnSetConfig['columns'], requireKey: RequireKey) {
  columns.forEach((column, c) => {
    for (const [value, key] of Object.entries(column.statusLabels ?? {})) requireKey(file, `${pointer}/${c}/statusLabels/${segment(value)}`, key)
    if (column.valueLabels !== undefined) requireKey(file, `${pointer}/${c}/valueLabels`, column.valueLabels, 'vocabulary')
    if (column.emptyKey !== undefined) requireKey(file, `${pointer}/${c}/emptyKey`, column.emptyKey)
  })
}

function checkColumns (file: string, set: ColumnSetConfig, requireKey: RequireKey, errors: ConfigError[]) {
  checkColumnList(file, '/columns', set.columns, errors)
  checkValueLabels(file, '/columns', set.columns, requireKey)
  set.columns.forEach((column, c) => requireKey(file, `/columns/${c}/labelKey`, column.labelKey))
}

export type { Issue }
