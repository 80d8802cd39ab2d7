// The texts editor's logic, apart from React: the draft's English and Chinese catalogues as one list of keys with both texts,
// each flagged when a language lacks it (or Chinese repeats the English word for word), filtered, changed and saved together.
import { referenceOf } from '../../../../schemas/i18n.ts'
import { catalogueFile, fileText, flatTexts, isObject, keyClash, LANGUAGES, parsed, withTexts, type Language } from './draftTexts.ts'

/** What a key's texts lack: nothing, a language's text, or a translation (the Chinese is the English as it is). */
export type TextStatus = 'ok' | 'missingEn' | 'missingZh' | 'sameAsEnglish'

/** One key with its texts as written in each catalogue (undefined where that catalogue lacks it). */
export interface TextRow { key: string, en: string | undefined, zh: string | undefined, status: TextStatus }

/** The texts form: the revision it was read at and the texts changed since, per key and language. */
export interface TextsForm { revision: number, edits: Readonly<Record<string, Partial<Record<Language, string>>>> }

/** Which rows show: a key or text containing the query (any case), and only those needing a translation when asked. */
export interface TextsFilter { query: string, onlyMissing: boolean }

// Chinese has one plural form: English's key_one is answered by the key itself there (as the loader checks).
const pluralOf = (key: string) => key.endsWith('_one') ? key.slice(0, -'_one'.length) : undefined

/** Whether a Chinese text is the English one untranslated: the same words (placeholders and "$t(key)" aside hold none). */
function untranslated (en: string, zh: string): boolean {
  if (en !== zh || referenceOf(en) !== undefined) return false
  return /[A-Za-z]{2,}/.test(en.replace(/\{\{[^}]*\}\}/g, '').replace(/<[^>]*>/g, ''))
}

function statusOf (key: string, en: string | undefined, zh: string | undefined, zhKeys: ReadonlySet<string>): TextStatus {
  if (en === undefined || en.trim() === '') return 'missingEn'
  if (zh === undefined || zh.trim() === '') {
    const plural = pluralOf(key)
    return plural !== undefined && zhKeys.has(plural) ? 'ok' : 'missingZh'
  }
  return untranslated(en, zh) ? 'sameAsEnglish' : 'ok'
}

/** Every key of either catalogue, in English's order (then those only Chinese has), with both texts as changed in the form. */
export function textRows (files: Readonly<Record<string, string>>, form: TextsForm | undefined): TextRow[] {
  const [en, zh] = LANGUAGES.map((lang) => flatTexts(parsed(files[catalogueFile(lang)])))
  const keys = [...new Set([...(en?.keys() ?? []), ...(zh?.keys() ?? []), ...Object.keys(form?.edits ?? {})])]
  const zhKeys = new Set([...(zh?.keys() ?? []), ...Object.entries(form?.edits ?? {}).filter(([, e]) => e.zh !== undefined).map(([k]) => k)])
  return keys.map((key) => {
    const edit = form?.edits[key]
    const texts = { en: edit?.en ?? en?.get(key), zh: edit?.zh ?? zh?.get(key) }
    return { key, ...texts, status: statusOf(key, texts.en, texts.zh, zhKeys) }
  })
}

/** How many keys need a translation (a language's text missing, or Chinese the English as it is). */
export const missingCount = (rows: readonly TextRow[]) => rows.filter((r) => r.status !== 'ok').length

/** The rows a filter keeps. */
export function filterRows (rows: readonly TextRow[], filter: TextsFilter): TextRow[] {
  const query = filter.query.trim().toLowerCase()
  return rows.filter((row) => (!filter.onlyMissing || row.status !== 'ok') &&
    (query === '' || [row.key, row.en ?? '', row.zh ?? ''].some((text) => text.toLowerCase().includes(query))))
}

/** A key's text in one language as typed. */
export const setText = (form: TextsForm, key: string, lang: Language, text: string): TextsForm =>
  ({ ...form, edits: { ...form.edits, [key]: { ...form.edits[key], [lang]: text } } })

/** Something the form will not save: a text emptied, or a key the catalogue cannot hold. */
export interface TextProblem { key: string, kind: 'empty' | 'clash', values: Record<string, string> }

/** What keeps the texts from saving (the service checks every other rule, such as a "$t(key)" naming no text). */
export function textProblems (files: Readonly<Record<string, string>>, form: TextsForm): TextProblem[] {
  const problems: TextProblem[] = []
  for (const [key, edit] of Object.entries(form.edits)) {
    for (const lang of LANGUAGES) {
      const text = edit[lang]
      if (text === undefined) continue
      const catalogue = parsed(files[catalogueFile(lang)])
      if (text.trim() === '') problems.push({ key, kind: 'empty', values: { key, file: catalogueFile(lang) } })
      else if (!flatTexts(catalogue).has(key) && keyClash(catalogue, key) !== undefined) problems.push({ key, kind: 'clash', values: { key, file: catalogueFile(lang) } })
    }
  }
  return problems
}

/** The catalogue files a save writes: each one with a text that differs from the draft's. */
export function changedCatalogues (files: Readonly<Record<string, string>>, form: TextsForm): Record<string, string> {
  const out: Record<string, string> = {}
  for (const lang of LANGUAGES) {
    const path = catalogueFile(lang)
    const catalogue = parsed(files[path])
    if (!isObject(catalogue)) continue
    const texts = flatTexts(catalogue)
    const changed = Object.fromEntries(Object.entries(form.edits).flatMap(([key, edit]) => {
      const text = edit[lang]
      return text === undefined || text === texts.get(key) ? [] : [[key, text]]
    }))
    if (Object.keys(changed).length > 0) out[path] = fileText(withTexts(catalogue, changed))
  }
  return out
}

/** How many rows a page of the table shows at first, and more at each Show more. */
export const PAGE_ROWS = 100
