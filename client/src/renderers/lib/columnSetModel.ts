// The column-set editor's logic, apart from React: a column set of a config draft (columns/<key>.json) as a form of columns in
// order, each as written (a fragment's column through "$ref" with keys beside it that replace the fragment's, or a column written
// out), its label's English and Chinese texts (kept in the draft's catalogues), width and rule; and the files a save writes.
import {
  catalogueFile, fileText, flatTexts, isObject, keyClash, LANGUAGES, parsed, shownText, withTexts,
  type Json, type JsonObject, type Language
} from './draftTexts.ts'
import { ruleChoiceOf, ruleOfChoice, type RuleChoice } from './ruleChoice.ts'

/** One column as the file writes it, with a stable id for the form (its place changes as it moves). */
export interface ColumnEntry { uid: string, written: JsonObject }

/** The form: the file as read at a revision of the draft, its columns as changed, and what the operator typed that is not a value yet. */
export interface ColumnSetForm {
  path: string
  revision: number
  // The file as read (its columns replaced at a save, every other key kept in its place).
  original: JsonObject
  entries: ColumnEntry[]
  // New texts of label keys, per language (the catalogues are changed in the same save).
  labels: Readonly<Record<string, Partial<Record<Language, string>>>>
  // Typed widths and written rules by column id, kept as typed until they are valid.
  widths: Readonly<Record<string, string>>
  rules: Readonly<Record<string, string>>
  next: number
}

/** The width limits of a column (schemas/widgets/table.ts TableColumn). */
export const WIDTH = { min: 20, max: 1000 } as const

/** A draft's column set files, sorted. */
export const columnSetPaths = (files: Readonly<Record<string, string>>) => Object.keys(files).filter((p) => p.startsWith('columns/')).sort()

/** The form of a column set file, or undefined when the file is not a column set this form can draw (the JSON view can). */
export function readColumnSet (files: Readonly<Record<string, string>>, path: string, revision: number): ColumnSetForm | undefined {
  const value = parsed(files[path])
  if (!isObject(value) || !Array.isArray(value.columns) || !value.columns.every(isObject)) return undefined
  const entries = (value.columns as JsonObject[]).map((written, i) => ({ uid: `c${i}`, written }))
  return { path, revision, original: value, entries, labels: {}, widths: {}, rules: {}, next: entries.length }
}

/** The part of a fragment file a "$ref" names (fragments/report-full-columns.json#/stake), undefined when there is none. */
export function fragmentPart (files: Readonly<Record<string, string>>, ref: string): Json | undefined {
  const [file = '', pointer = ''] = ref.split('#')
  let node = parsed(files[file])
  if (isObject(node) && pointer === '') node = Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$schema'))
  for (const raw of pointer === '' ? [] : pointer.replace(/^\//, '').split('/')) {
    const name = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    node = isObject(node) ? node[name] : Array.isArray(node) ? node[Number(name)] : undefined
    if (node === undefined) return undefined
  }
  return node
}

/**
 * The fragment column a "$ref" names, as the service resolves it: a part that is itself a "$ref" to a vocabulary column
 * takes that column's keys with its own beside them (null removes one); undefined when it names nothing or names itself again.
 */
function fragmentColumn (files: Readonly<Record<string, string>>, ref: string, seen: readonly string[] = []): JsonObject | undefined {
  const part = fragmentPart(files, ref)
  if (!isObject(part)) return undefined
  if (typeof part.$ref !== 'string') return part
  if (seen.includes(ref)) return undefined
  const base = fragmentColumn(files, part.$ref, [...seen, ref])
  if (base === undefined) return undefined
  const column: JsonObject = { ...base }
  for (const [name, value] of Object.entries(part)) {
    if (name === '$ref') continue
    if (value === null) delete column[name]
    else column[name] = value
  }
  return column
}

/** The fragment column an entry takes its keys from; undefined for a column written out (or a $ref that names nothing). */
function baseOf (files: Readonly<Record<string, string>>, written: JsonObject): JsonObject | undefined {
  return typeof written.$ref === 'string' ? fragmentColumn(files, written.$ref) : undefined
}

/** A key of the column as the service resolves it: beside "$ref" (null removes it), else the fragment's. */
export function columnValue (files: Readonly<Record<string, string>>, written: JsonObject, name: string): Json | undefined {
  if (Object.hasOwn(written, name)) return written[name] === null ? undefined : written[name]
  return baseOf(files, written)?.[name]
}

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b)

/** The entry with one key of the column set (undefined: none): beside "$ref" only where it differs from the fragment's. */
export function withColumnValue (files: Readonly<Record<string, string>>, written: JsonObject, name: string, value: Json | undefined): JsonObject {
  const next: JsonObject = { ...written }
  if (typeof written.$ref !== 'string') {
    if (value === undefined) delete next[name]
    else next[name] = value
    return next
  }
  const base = baseOf(files, written)?.[name]
  if (same(value, base)) delete next[name]
  else next[name] = value === undefined ? null : value
  return next
}

/** One column as the form draws it. */
export interface ColumnRow {
  uid: string
  field: string
  // The fragment it comes from (fragments/report-full-columns.json#/stake), or undefined when written out here.
  ref: string | undefined
  // A $ref naming nothing (the service refuses such a file; the JSON view fixes it).
  missing: boolean
  labelKey: string
  texts: Record<Language, string>
  // How many places of the config name its label key (more than one: a new text changes all of them).
  labelUses: number
  width: string
  rule: RuleChoice
}

/** The columns as the form draws them, with their texts as changed so far. */
export function columnRows (form: ColumnSetForm, files: Readonly<Record<string, string>>, uses: ReadonlyMap<string, number>): ColumnRow[] {
  const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatTexts(parsed(files[catalogueFile(lang)]))])) as Record<Language, Map<string, string>>
  return form.entries.map(({ uid, written }) => {
    const labelKey = String(columnValue(files, written, 'labelKey') ?? '')
    const width = columnValue(files, written, 'width')
    const typedRule = form.rules[uid]
    return {
      uid,
      field: String(columnValue(files, written, 'field') ?? ''),
      ref: typeof written.$ref === 'string' ? written.$ref : undefined,
      missing: typeof written.$ref === 'string' && baseOf(files, written) === undefined,
      labelKey,
      texts: Object.fromEntries(LANGUAGES.map((lang) => [lang, form.labels[labelKey]?.[lang] ?? shownText(texts[lang], labelKey) ?? ''])) as Record<Language, string>,
      labelUses: uses.get(labelKey) ?? 0,
      width: form.widths[uid] ?? (width === undefined ? '' : String(width)),
      rule: typedRule === undefined ? ruleChoiceOf(columnValue(files, written, 'rule')) : { kind: 'written', text: typedRule }
    }
  })
}

const update = (form: ColumnSetForm, uid: string, change: (written: JsonObject) => JsonObject): ColumnSetForm =>
  ({ ...form, entries: form.entries.map((e) => e.uid === uid ? { uid, written: change(e.written) } : e) })

const without = (record: Readonly<Record<string, string>>, uid: string) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== uid))

/** The column moved up (-1) or down (+1); unchanged at either end. */
export function moveColumn (form: ColumnSetForm, uid: string, by: -1 | 1): ColumnSetForm {
  const from = form.entries.findIndex((e) => e.uid === uid)
  const to = from + by
  if (from < 0 || to < 0 || to >= form.entries.length) return form
  const entries = [...form.entries]
  const [moved] = entries.splice(from, 1)
  if (moved) entries.splice(to, 0, moved)
  return { ...form, entries }
}

/** The column taken out of the set. */
export const removeColumn = (form: ColumnSetForm, uid: string): ColumnSetForm =>
  ({ ...form, entries: form.entries.filter((e) => e.uid !== uid), widths: without(form.widths, uid), rules: without(form.rules, uid) })

/** A fragment's column added at the end of the set, as a "$ref" to it. */
export const addColumn = (form: ColumnSetForm, ref: string): ColumnSetForm =>
  ({ ...form, entries: [...form.entries, { uid: `n${form.next}`, written: { $ref: ref } }], next: form.next + 1 })

/** A width as typed: the column takes it when it is a whole number within the limits; the form keeps the text either way. */
export function setWidth (form: ColumnSetForm, files: Readonly<Record<string, string>>, uid: string, typed: string): ColumnSetForm {
  const width = widthOf(typed)
  const next = { ...form, widths: { ...form.widths, [uid]: typed } }
  return width === undefined ? next : update(next, uid, (w) => withColumnValue(files, w, 'width', width))
}

const widthOf = (typed: string): number | undefined => {
  const width = /^\s*\d+\s*$/.test(typed) ? Number(typed) : NaN
  return Number.isInteger(width) && width >= WIDTH.min && width <= WIDTH.max ? width : undefined
}

/** Who sees the column: everyone, a shared rule or a rule written out (kept as typed until it is a rule). */
export function setRule (form: ColumnSetForm, files: Readonly<Record<string, string>>, uid: string, choice: RuleChoice): ColumnSetForm {
  const rule = ruleOfChoice(choice)
  const next = { ...form, rules: choice.kind === 'written' ? { ...form.rules, [uid]: choice.text } : without(form.rules, uid) }
  return rule === 'invalid' ? next : update(next, uid, (w) => withColumnValue(files, w, 'rule', rule))
}

/** A label's new text in one language (every column and page naming that key shows it). */
export const setLabel = (form: ColumnSetForm, key: string, lang: Language, text: string): ColumnSetForm =>
  ({ ...form, labels: { ...form.labels, [key]: { ...form.labels[key], [lang]: text } } })

/** A label key of this column's own, new in both catalogues: column.<set>.<field> (with a number when that is taken). */
export function ownLabelKey (form: ColumnSetForm, files: Readonly<Record<string, string>>, field: string): string {
  const name = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_') || 'column'
  const set = name(String(form.original.key ?? form.path.replace(/^columns\/|\.json$/g, '')))
  const catalogues = LANGUAGES.map((lang) => parsed(files[catalogueFile(lang)]))
  const free = (key: string) => form.labels[key] === undefined && catalogues.every((c) => flatTexts(c).get(key) === undefined && keyClash(c, key) === undefined)
  for (let n = 1; ; n++) {
    const key = `column.${set}.${name(field)}${n === 1 ? '' : `_${n}`}`
    if (free(key)) return key
  }
}

/** The column given a label key of its own, holding the texts it shows now (to change them for this column alone). */
export function ownLabel (form: ColumnSetForm, files: Readonly<Record<string, string>>, row: Pick<ColumnRow, 'uid' | 'field' | 'texts'>): ColumnSetForm {
  const key = ownLabelKey(form, files, row.field)
  const next = update(form, row.uid, (w) => withColumnValue(files, w, 'labelKey', key))
  return { ...next, labels: { ...next.labels, [key]: { ...row.texts } } }
}

/** Something the form will not save, at its column (the file as a whole when uid is absent). */
export interface FormProblem { uid?: string, kind: 'noColumns' | 'width' | 'rule' | 'label' | 'labelKey', values: Record<string, string> }

/** What the form does not hold as a valid set yet (the service checks everything else at the save). */
export function formProblems (form: ColumnSetForm, rows: readonly ColumnRow[], files: Readonly<Record<string, string>>): FormProblem[] {
  const problems: FormProblem[] = []
  if (form.entries.length === 0) problems.push({ kind: 'noColumns', values: {} })
  for (const row of rows) {
    const column = row.field || row.ref || row.uid
    if (form.widths[row.uid] !== undefined && widthOf(form.widths[row.uid] ?? '') === undefined) problems.push({ uid: row.uid, kind: 'width', values: { column, min: String(WIDTH.min), max: String(WIDTH.max) } })
    if (form.rules[row.uid] !== undefined && ruleOfChoice({ kind: 'written', text: form.rules[row.uid] ?? '' }) === 'invalid') problems.push({ uid: row.uid, kind: 'rule', values: { column } })
    for (const lang of LANGUAGES) if (form.labels[row.labelKey]?.[lang] !== undefined && row.texts[lang].trim() === '') problems.push({ uid: row.uid, kind: 'label', values: { column, lang } })
  }
  for (const key of Object.keys(form.labels)) {
    for (const lang of LANGUAGES) {
      const clash = flatTexts(parsed(files[catalogueFile(lang)])).has(key) ? undefined : keyClash(parsed(files[catalogueFile(lang)]), key)
      if (clash !== undefined) problems.push({ kind: 'labelKey', values: { key, file: catalogueFile(lang) } })
    }
  }
  return problems
}

/** The files a save writes: the column set when its columns changed, each catalogue whose texts changed; none when nothing did. */
export function changedFiles (form: ColumnSetForm, files: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {}
  const set = fileText({ ...form.original, columns: form.entries.map((e) => e.written) })
  if (set !== files[form.path] && !same(parsed(set), parsed(files[form.path]))) out[form.path] = set
  for (const lang of LANGUAGES) {
    const path = catalogueFile(lang)
    const catalogue = parsed(files[path])
    if (!isObject(catalogue)) continue
    const texts = flatTexts(catalogue)
    const changed = Object.fromEntries(Object.entries(form.labels).flatMap(([key, byLang]) => {
      const text = byLang[lang]
      return text === undefined || text === shownText(texts, key) ? [] : [[key, text]]
    }))
    if (Object.keys(changed).length > 0) out[path] = fileText(withTexts(catalogue, changed))
  }
  return out
}

/** A fragment column the set does not use yet, to add. */
export interface FragmentColumn { ref: string, field: string, labelKey: string }

/** The columns of the draft's fragment files (parts with a field and a label key) that the set does not use yet. */
export function fragmentColumns (files: Readonly<Record<string, string>>, form: ColumnSetForm): FragmentColumn[] {
  const used = new Set(form.entries.map((e) => e.written.$ref))
  const out: FragmentColumn[] = []
  for (const path of Object.keys(files).filter((p) => p.startsWith('fragments/')).sort()) {
    const doc = parsed(files[path])
    if (!isObject(doc)) continue
    for (const [name, part] of Object.entries(doc)) {
      const ref = `${path}#/${name}`
      if (isObject(part) && typeof part.field === 'string' && typeof part.labelKey === 'string' && !used.has(ref)) out.push({ ref, field: part.field, labelKey: part.labelKey })
    }
  }
  return out
}
