import t from 'tap'
import { fromRoot } from '../../../server/shared/paths.ts'
import { readConfigDir, validateConfig } from '../../../server/src/config/load.ts'
import { parsed } from '../../../client/src/renderers/lib/draftTexts.ts'
import {
  changedMenu, MENU_FILE, menuProblems, menuRows, moveGroup, moveItem, readMenu, setMenuLabel, setMenuRule, type MenuForm
} from '../../../client/src/renderers/lib/menuTreeModel.ts'

// The menu tree editor's logic (Utilities › Configuration's draft page): the shipped menu as groups of items, moved, relabelled
// and given rules, and the menu.json a save writes loading as the service loads it.

const { files: shipped } = await readConfigDir(fromRoot('menus'))
const files: Record<string, string> = Object.fromEntries(shipped)
const read = () => readMenu(files, 2) as MenuForm
const keysOf = (form: MenuForm) => form.groups.map((g) => `${g.written.key as string}: ${g.items.map((i) => i.written.key as string).join(' ')}`)
const savedMenu = (form: MenuForm) => parsed(changedMenu(form, files)[MENU_FILE]) as { groups: Array<{ key: string, rule?: unknown, items: Array<{ key: string, label: string, rule?: unknown }> }> }
const uidOf = (form: MenuForm, key: string) => form.groups.flatMap((g) => [g, ...g.items]).find((e) => e.written.key === key)!.uid

t.test('the menu as a tree: groups in order with their items, each entry\'s label texts, page and rule', async (t) => {
  const form = read()
  const rows = menuRows(form, files)
  t.same(rows.map((g) => g.key).slice(0, 3), ['administration', 'bet', 'report'])
  t.match(rows[0], { labelKey: 'group.administration', target: undefined, rule: { kind: 'everyone' } })
  t.match(rows[0]?.items[0], { key: 'profile', labelKey: 'menu.profile', target: '/admin/profile', texts: { en: 'Profile', zh: String } })
  t.equal(rows.find((g) => g.key === 'report')?.rule.kind, 'written', 'a rule written in the menu is shown as written')
  t.same(menuProblems(form, rows), [])
  t.same(changedMenu(form, files), {}, 'as read, a save writes nothing')
  t.equal(readMenu({ [MENU_FILE]: '{"groups": 3}' }, 1), undefined, 'a file that is not a menu is left to the JSON view')
})

t.test('order: groups and items move; an item past its group\'s edge goes into the next group', async (t) => {
  const form = read()
  t.equal(moveGroup(form, form.groups[0]!.uid, -1), form, 'the first group cannot go up')
  t.same(keysOf(moveGroup(form, uidOf(form, 'bet'), -1)).slice(0, 2).map((k) => k.split(':')[0]), ['bet', 'administration'])
  const down = moveItem(form, uidOf(form, 'profile'), 1)
  t.same(savedMenu(down).groups[0]?.items.slice(0, 2).map((i) => i.key), ['agents', 'profile'], 'an item down one')
  const lastAdmin = form.groups[0]!.items.at(-1)!
  const across = moveItem(form, lastAdmin.uid, 1)
  t.equal(savedMenu(across).groups[1]?.items[0]?.key, lastAdmin.written.key, 'down past its group\'s end: the next group\'s first')
  t.equal(moveItem(across, lastAdmin.uid, -1).groups[0]!.items.at(-1)?.uid, lastAdmin.uid, 'and up again: back at the end of its group')
  t.equal(moveItem(form, uidOf(form, 'profile'), -1), form, 'the first item of the first group cannot go up')
  const emptied = (read().groups.find((g) => g.written.key === 'smsGateway')!)
  const leave = moveItem(read(), emptied.items[0]!.uid, 1)
  t.match(menuProblems(leave, menuRows(leave, files)), [{ kind: 'emptyGroup', values: { name: 'smsGateway' } }], 'a group left without items is not saved')
})

t.test('labels and rules: a known key, everyone or a rule; the saved file loads', async (t) => {
  let form = read()
  form = setMenuLabel(form, uidOf(form, 'profile'), 'common.profile')
  t.match(menuRows(form, files)[0]?.items[0], { labelKey: 'common.profile', texts: { en: 'Profile' } })
  const unknown = setMenuLabel(form, uidOf(form, 'agents'), 'menu.nothingHere')
  t.match(menuProblems(unknown, menuRows(unknown, files)), [{ kind: 'unknownLabel', values: { name: 'agents', key: 'menu.nothingHere' } }])
  const malformed = setMenuLabel(form, uidOf(form, 'agents'), 'Agents')
  t.match(menuProblems(malformed, menuRows(malformed, files)), [{ kind: 'labelKey' }])
  form = setMenuRule(form, uidOf(form, 'report'), { kind: 'everyone' })
  t.notOk('rule' in (savedMenu(form).groups[2] ?? {}), 'everyone: the rule is gone')
  const typing = setMenuRule(form, uidOf(form, 'profile'), { kind: 'written', text: '{"role"' })
  t.match(menuProblems(typing, menuRows(typing, files)), [{ kind: 'rule', values: { name: 'profile' } }], 'a rule half typed is a problem')
  form = setMenuRule(typing, uidOf(form, 'profile'), { kind: 'written', text: '{"role": "AG"}' })
  t.same(savedMenu(form).groups[0]?.items[0], { key: 'profile', label: 'common.profile', path: '/admin/profile', rule: { role: 'AG' } })
  form = moveItem(moveGroup(form, uidOf(form, 'bet'), -1), uidOf(form, 'profile'), 1)
  const result = validateConfig(new Map(Object.entries({ ...files, ...changedMenu(form, files) })))
  t.same(result.ok ? [] : result.errors, [], 'the changed menu loads')
})
