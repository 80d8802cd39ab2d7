// The menu tree editor's logic, apart from React: a config draft's menu.json as groups of items in order, each entry's label key
// and who sees it (its rule), moved up and down (an item past its group's edge goes into the next group), and the file a save writes.
import { I18nKey } from '../../../../schemas/common.ts'
import { catalogueFile, fileText, flatTexts, isObject, LANGUAGES, parsed, shownText, type JsonObject, type Language } from './draftTexts.ts'
import { ruleChoiceOf, ruleOfChoice, type RuleChoice } from './ruleChoice.ts'

/** The draft's menu file. */
export const MENU_FILE = 'menu.json'

/** An entry as the file writes it, with a stable id for the form. */
export interface MenuEntry { uid: string, written: JsonObject }
/** A group with its items. */
export interface MenuGroup extends MenuEntry { items: MenuEntry[] }

/** The form: the file as read at a revision, its groups as changed, and rules typed that are not rules yet (by entry id). */
export interface MenuForm { revision: number, original: JsonObject, groups: MenuGroup[], rules: Readonly<Record<string, string>> }

/** The menu file's form, or undefined when it is not a menu this form can draw (the JSON view can). */
export function readMenu (files: Readonly<Record<string, string>>, revision: number): MenuForm | undefined {
  const value = parsed(files[MENU_FILE])
  if (!isObject(value) || !Array.isArray(value.groups)) return undefined
  const groups: MenuGroup[] = []
  for (const [g, group] of value.groups.entries()) {
    if (!isObject(group) || !Array.isArray(group.items) || !group.items.every(isObject)) return undefined
    groups.push({ uid: `g${g}`, written: group, items: (group.items as JsonObject[]).map((item, i) => ({ uid: `g${g}i${i}`, written: item })) })
  }
  return { revision, original: value, groups, rules: {} }
}

/** One entry as the tree draws it. */
export interface MenuRow {
  uid: string
  key: string
  labelKey: string
  texts: Record<Language, string | undefined>
  // An item's page (or its external setting or action); none for a group.
  target: string | undefined
  rule: RuleChoice
}

/** A group's row with its items' rows. */
export interface MenuGroupRow extends MenuRow { items: MenuRow[] }

/** The tree as the form draws it. */
export function menuRows (form: MenuForm, files: Readonly<Record<string, string>>): MenuGroupRow[] {
  const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatTexts(parsed(files[catalogueFile(lang)]))])) as Record<Language, Map<string, string>>
  const row = ({ uid, written }: MenuEntry, target: string | undefined): MenuRow => {
    const labelKey = typeof written.label === 'string' ? written.label : ''
    const typed = form.rules[uid]
    return {
      uid,
      key: String(written.key ?? ''),
      labelKey,
      texts: Object.fromEntries(LANGUAGES.map((lang) => [lang, shownText(texts[lang], labelKey)])) as Record<Language, string | undefined>,
      target,
      rule: typed === undefined ? ruleChoiceOf(written.rule) : { kind: 'written', text: typed }
    }
  }
  const targetOf = (item: JsonObject) => [item.path, item.external, item.action].find((v) => typeof v === 'string') as string | undefined
  return form.groups.map((group) => ({ ...row(group, undefined), items: group.items.map((item) => row(item, targetOf(item.written))) }))
}

/** The group moved up (-1) or down (+1); unchanged at either end. */
export function moveGroup (form: MenuForm, uid: string, by: -1 | 1): MenuForm {
  const from = form.groups.findIndex((g) => g.uid === uid)
  const to = from + by
  if (from < 0 || to < 0 || to >= form.groups.length) return form
  const groups = [...form.groups]
  const [moved] = groups.splice(from, 1)
  if (moved) groups.splice(to, 0, moved)
  return { ...form, groups }
}

/** The item moved up or down in its group; past its group's first or last place, into the end of the group before or the start of the one after. */
export function moveItem (form: MenuForm, uid: string, by: -1 | 1): MenuForm {
  const g = form.groups.findIndex((group) => group.items.some((i) => i.uid === uid))
  const group = form.groups[g]
  if (!group) return form
  const from = group.items.findIndex((i) => i.uid === uid)
  const item = group.items[from]!
  const to = from + by
  const groups = form.groups.map((x) => ({ ...x, items: [...x.items] }))
  if (to >= 0 && to < group.items.length) {
    groups[g]!.items.splice(from, 1)
    groups[g]!.items.splice(to, 0, item)
    return { ...form, groups }
  }
  const next = groups[g + by]
  if (!next) return form
  groups[g]!.items.splice(from, 1)
  if (by < 0) next.items.push(item)
  else next.items.unshift(item)
  return { ...form, groups }
}

const update = (form: MenuForm, uid: string, change: (written: JsonObject) => JsonObject): MenuForm => ({
  ...form,
  groups: form.groups.map((group) => group.uid === uid
    ? { ...group, written: change(group.written) }
    : { ...group, items: group.items.map((item) => item.uid === uid ? { uid, written: change(item.written) } : item) })
})

/** An entry's label key as typed (its texts are the catalogues'; the texts editor changes them). */
export const setMenuLabel = (form: MenuForm, uid: string, key: string): MenuForm => update(form, uid, (w) => ({ ...w, label: key }))

/** Who sees an entry: everyone (no rule), a shared rule or a rule written out (kept as typed until it is a rule). */
export function setMenuRule (form: MenuForm, uid: string, choice: RuleChoice): MenuForm {
  const rule = ruleOfChoice(choice)
  const rules = Object.fromEntries(Object.entries(form.rules).filter(([k]) => k !== uid))
  const next = { ...form, rules: choice.kind === 'written' ? { ...rules, [uid]: choice.text } : rules }
  if (rule === 'invalid') return next
  return update(next, uid, (w) => {
    const written = { ...w }
    if (rule === undefined) delete written.rule
    else written.rule = rule
    return written
  })
}

/** Something the form will not save, at its entry. */
export interface MenuProblem { uid: string, kind: 'labelKey' | 'unknownLabel' | 'rule' | 'emptyGroup', values: Record<string, string> }

const KEY = new RegExp((I18nKey as { pattern?: string }).pattern ?? '^.+$')

/** What keeps the menu from saving (the service checks everything else at the save). */
export function menuProblems (form: MenuForm, rows: readonly MenuGroupRow[]): MenuProblem[] {
  const problems: MenuProblem[] = []
  for (const group of rows) {
    if (group.items.length === 0) problems.push({ uid: group.uid, kind: 'emptyGroup', values: { name: group.key } })
    for (const row of [group, ...group.items]) {
      if (!KEY.test(row.labelKey)) problems.push({ uid: row.uid, kind: 'labelKey', values: { name: row.key, key: row.labelKey } })
      else if (row.texts.en === undefined) problems.push({ uid: row.uid, kind: 'unknownLabel', values: { name: row.key, key: row.labelKey } })
      if (form.rules[row.uid] !== undefined && ruleOfChoice({ kind: 'written', text: form.rules[row.uid] ?? '' }) === 'invalid') problems.push({ uid: row.uid, kind: 'rule', values: { name: row.key } })
    }
  }
  return problems
}

/** The menu file's new text when the form changed it; none otherwise. */
export function changedMenu (form: MenuForm, files: Readonly<Record<string, string>>): Record<string, string> {
  const text = fileText({ ...form.original, groups: form.groups.map((g) => ({ ...g.written, items: g.items.map((i) => i.written) })) })
  return JSON.stringify(parsed(text)) === JSON.stringify(parsed(files[MENU_FILE])) ? {} : { [MENU_FILE]: text }
}
