import t from 'tap'
import { fromRoot } from '../../../server/shared/paths.ts'
import { readConfigDir, validateConfig } from '../../../server/src/config/load.ts'
import {
  addColumn, changedFiles, columnRows, columnSetPaths, columnValue, formProblems, fragmentColumns, moveColumn, ownLabel, readColumnSet, removeColumn,
  setLabel, setRule, setWidth, withColumnValue, type ColumnSetForm
} from '../../../client/src/renderers/lib/columnSetModel.ts'
import { flatTexts, keyUseCounts, parsed } from '../../../client/src/renderers/lib/draftTexts.ts'
import { choiceFromValue, ruleChoiceOf, sharedRules } from '../../../client/src/renderers/lib/ruleChoice.ts'

// The column-set editor's logic (Utilities › Configuration's draft page): Full Report's shipped column set as a form, each change
// written as the file writes it (beside the fragment's "$ref" only where it differs), labels saved into both catalogues, and the
// files a save sends loading as the service loads them.

const FULL = 'columns/report-full.json'
const { files: shippedFiles } = await readConfigDir(fromRoot('menus'))
const files: Record<string, string> = Object.fromEntries(shippedFiles)
const uses = keyUseCounts(files)
const read = () => readColumnSet(files, FULL, 4) as ColumnSetForm
const rowsOf = (form: ColumnSetForm) => columnRows(form, files, uses)
const rowOf = (form: ColumnSetForm, field: string) => rowsOf(form).find((r) => r.field === field)!
const columnsOf = (saved: Record<string, string>) => (parsed(saved[FULL]) as { columns: Array<Record<string, unknown>> }).columns
/** Whether the draft with these files saved loads as the service loads a config (its problems otherwise). */
const loads = (saved: Record<string, string>) => {
  const result = validateConfig(new Map(Object.entries({ ...files, ...saved })))
  return result.ok ? [] : result.errors.map((e) => `${e.file}#${e.pointer}: ${e.message}`)
}

t.test('a column set as the form shows it: columns in order with their fragment, labels in both languages, width and rule', async (t) => {
  t.ok(columnSetPaths(files).includes(FULL), 'the draft\'s column sets are offered')
  const form = read()
  t.equal(form.entries.length, 21)
  const rows = rowsOf(form)
  t.same(rows.slice(0, 3).map((r) => r.field), ['UserId', 'UserName', 'Role'], 'in the file\'s order')
  t.match(rowOf(form, 'Stake'), { ref: 'fragments/report-full-columns.json#/stake', missing: false, labelKey: 'common.stake', texts: { en: 'Stake', zh: String }, width: '110', rule: { kind: 'everyone' } })
  t.ok(rowOf(form, 'Stake').labelUses > 1, 'Stake\'s text is shown in other places too')
  t.same(rowOf(form, 'Intake').rule, { kind: 'shared', ref: 'fragments/rules.json#/groupIntake' }, 'a fragment\'s rule is its shared rule')
  t.ok(sharedRules(files).some((r) => r.ref === 'fragments/rules.json#/groupIntake' && r.name === 'groupIntake'), 'shared rules are the fragments\' rule-shaped parts')
  t.same(changedFiles(form, files), {}, 'as read, a save would write nothing')
  t.equal(readColumnSet({ [FULL]: '{ "key": ' }, FULL, 1), undefined, 'a file that is not JSON is left to the JSON view')
})

t.test('a width: beside the fragment\'s $ref where it differs, gone again when it is the fragment\'s; out of range it is a problem', async (t) => {
  const stake = rowOf(read(), 'Stake').uid
  const wider = setWidth(read(), files, stake, '160')
  t.same(Object.keys(changedFiles(wider, files)), [FULL], 'only the column set changes')
  t.same(columnsOf(changedFiles(wider, files))[5], { $ref: 'fragments/report-full-columns.json#/stake', width: 160 })
  t.same(changedFiles(setWidth(wider, files, stake, '110'), files), {}, 'the fragment\'s width again: no override, nothing to save')
  const tooNarrow = setWidth(wider, files, stake, '15')
  t.equal(rowOf(tooNarrow, 'Stake').width, '15', 'the typed text stays in the form')
  t.match(formProblems(tooNarrow, rowsOf(tooNarrow), files), [{ uid: stake, kind: 'width', values: { column: 'Stake', min: '20', max: '1000' } }], 'and is named as a problem')
  t.same(columnsOf(changedFiles(tooNarrow, files))[5], { $ref: 'fragments/report-full-columns.json#/stake', width: 160 }, 'the column keeps its last valid width')
  const inline = { field: 'X', labelKey: 'common.stake', type: 'money', width: 90 }
  t.same(withColumnValue(files, inline, 'width', 100), { ...inline, width: 100 }, 'a column written out takes the value itself')
  t.same(withColumnValue(files, { ...inline, rule: { tt: true } }, 'rule', undefined), inline, 'and loses a key for none')
})

t.test('who sees it: everyone removes the fragment\'s rule (null), a shared rule or a rule written as JSON', async (t) => {
  const intake = rowOf(read(), 'Intake').uid
  const everyone = setRule(read(), files, intake, { kind: 'everyone' })
  t.same(columnsOf(changedFiles(everyone, files))[9], { $ref: 'fragments/report-full-columns.json#/intake', rule: null }, 'the fragment\'s rule removed beside its $ref')
  t.same(rowOf(everyone, 'Intake').rule, { kind: 'everyone' })
  t.same(changedFiles(setRule(everyone, files, intake, { kind: 'shared', ref: 'fragments/rules.json#/groupIntake' }), files), {}, 'its own shared rule again: nothing to save')
  const typing = setRule(read(), files, intake, { kind: 'written', text: '{"role": ' })
  t.match(formProblems(typing, rowsOf(typing), files), [{ kind: 'rule', values: { column: 'Intake' } }], 'a rule half typed is a problem, kept as typed')
  t.same(rowOf(typing, 'Intake').rule, { kind: 'written', text: '{"role": ' })
  const agents = setRule(typing, files, intake, { kind: 'written', text: '{"role": "AG"}' })
  t.same(formProblems(agents, rowsOf(agents), files), [])
  t.same(columnsOf(changedFiles(agents, files))[9], { $ref: 'fragments/report-full-columns.json#/intake', rule: { role: 'AG' } })
  t.same(choiceFromValue('=', ruleChoiceOf({ $ref: 'fragments/rules.json#/groupIntake' }), sharedRules(files)), { kind: 'written', text: JSON.stringify(parsed(files['fragments/rules.json']) && (parsed(files['fragments/rules.json']) as Record<string, unknown>).groupIntake) }, 'writing out a shared rule starts from its text')
})

t.test('order: up, down, removed, added from the fragments', async (t) => {
  const form = read()
  const [first, second] = form.entries
  t.equal(moveColumn(form, first!.uid, -1), form, 'the first cannot go up')
  const moved = moveColumn(form, first!.uid, 1)
  t.same(moved.entries.slice(0, 2).map((e) => e.uid), [second!.uid, first!.uid], 'down one')
  t.same(columnsOf(changedFiles(moved, files)).slice(0, 2).map((c) => c.$ref), ['fragments/report-full-columns.json#/userName', 'fragments/report-full-columns.json#/userId'])
  const removed = removeColumn(form, rowOf(form, 'Net').uid)
  t.notOk(columnsOf(changedFiles(removed, files)).some((c) => String(c.$ref).endsWith('#/net')), 'a removed column leaves the file')
  const offered = fragmentColumns(files, form)
  t.notOk(offered.some((c) => c.ref === 'fragments/report-full-columns.json#/stake'), 'a column the set has is not offered again')
  t.ok(offered.some((c) => c.ref === 'fragments/columns.json#/big' && c.field === 'Big'), 'other fragments\' columns are')
  const added = addColumn(form, 'fragments/columns.json#/big')
  t.same(columnsOf(changedFiles(added, files)).at(-1), { $ref: 'fragments/columns.json#/big' }, 'added at the end as its $ref')
  t.equal(rowsOf(added).at(-1)?.field, 'Big')
  t.match(formProblems({ ...form, entries: [] }, [], files), [{ kind: 'noColumns' }], 'a set without columns is not saved')
})

t.test('labels: a text changes the catalogue it is in; a column given its own text saves it in both catalogues with the set', async (t) => {
  const form = read()
  const relabelled = setLabel(form, 'common.stake', 'en', 'Turnover')
  const saved = changedFiles(relabelled, files)
  t.same(Object.keys(saved), ['i18n/en.json'], 'only English changed')
  t.equal(flatTexts(parsed(saved['i18n/en.json'])).get('common.stake'), 'Turnover')
  t.equal(flatTexts(parsed(saved['i18n/en.json'])).size, flatTexts(parsed(files['i18n/en.json'])).size, 'every other text stays')
  const emptied = setLabel(form, 'common.stake', 'zh', ' ')
  t.match(formProblems(emptied, rowsOf(emptied), files), [{ kind: 'label', values: { column: 'Stake' } }], 'an empty label is a problem')

  const own = ownLabel(form, files, rowOf(form, 'Stake'))
  const stake = rowOf(own, 'Stake')
  t.equal(stake.labelKey, 'column.report-full.Stake', 'its own key, named by the set and the field')
  t.same(stake.texts, rowOf(form, 'Stake').texts, 'holding the texts it showed')
  const renamed = setLabel(setLabel(own, stake.labelKey, 'en', 'Turnover'), stake.labelKey, 'zh', '营业额')
  const three = changedFiles(renamed, files)
  t.same(Object.keys(three).sort(), [FULL, 'i18n/en.json', 'i18n/zh.json'], 'the set and both catalogues, saved together')
  t.same(columnsOf(three)[5], { $ref: 'fragments/report-full-columns.json#/stake', labelKey: 'column.report-full.Stake' })
  t.equal(flatTexts(parsed(three['i18n/zh.json'])).get('column.report-full.Stake'), '营业额')
  t.equal(flatTexts(parsed(three['i18n/en.json'])).get('common.stake'), 'Stake', 'the shared text stays for the other places')
  t.same(loads(three), [], 'the three files load together')
  t.not(loads({ [FULL]: three[FULL]!, 'i18n/en.json': three['i18n/en.json']! }).length, 0, 'one catalogue alone would not (why they save as one revision)')
  t.equal(ownLabel(own, files, rowOf(own, 'Stake')).entries[5]?.written.labelKey, 'column.report-full.Stake_2', 'a key taken gets a number')
  t.equal(columnValue(files, { $ref: 'fragments/report-full-columns.json#/stake', labelKey: null }, 'labelKey'), undefined, 'null beside a $ref removes the key')
})

t.test('a shipped set of vocabulary columns with keys beside "$ref" shows them resolved and edits beside the $ref', async (t) => {
  const OUT = 'columns/report-out.json'
  const form = readColumnSet(files, OUT, 1) as ColumnSetForm
  const bigOut = columnRows(form, files, uses).find((r) => r.field === 'BigOut')!
  t.match(bigOut, { ref: 'fragments/columns.json#/bigOut', missing: false, labelKey: 'common.bigOut', width: '100', rule: { kind: 'everyone' } }, 'the vocabulary\'s keys, its rule removed beside the $ref')
  t.equal(columnValue(files, form.entries.find((e) => e.uid === bigOut.uid)!.written, 'type'), 'money', 'a key beside the $ref wins')
  const wider = setWidth(form, files, bigOut.uid, '120')
  const saved = changedFiles(wider, files)
  t.same((parsed(saved[OUT]) as { columns: unknown[] }).columns[3], { $ref: 'fragments/columns.json#/bigOut', type: 'money', rule: null, width: 120 }, 'the new width joins the keys beside the $ref')
  t.same(loads(saved), [], 'and the set loads')
})

t.test('a fragment column that is itself a "$ref" to the vocabulary shows and edits as the service resolves it', async (t) => {
  const alias = 'fragments/alias.json'
  const withAlias: Record<string, string> = {
    ...files,
    [alias]: JSON.stringify({ stake: { $ref: 'fragments/report-full-columns.json#/stake', width: 130, sum: null }, loop: { $ref: `${alias}#/loop` } }),
    [FULL]: JSON.stringify({ key: 'report-full', columns: [{ $ref: `${alias}#/stake` }, { $ref: `${alias}#/loop` }] })
  }
  const form = readColumnSet(withAlias, FULL, 1) as ColumnSetForm
  const [stake, loop] = columnRows(form, withAlias, uses)
  t.match(stake, { field: 'Stake', ref: `${alias}#/stake`, missing: false, labelKey: 'common.stake', width: '130' }, 'the vocabulary\'s keys with the part\'s own beside them')
  t.equal(columnValue(withAlias, { $ref: `${alias}#/stake` }, 'sum'), undefined, 'null in the part removes the vocabulary\'s key')
  t.same(changedFiles(setWidth(form, withAlias, stake!.uid, '130'), withAlias), {}, 'the part\'s width again: nothing to save')
  t.same(columnsOf(changedFiles(setWidth(form, withAlias, stake!.uid, '140'), withAlias))[0], { $ref: `${alias}#/stake`, width: 140 }, 'a change is written beside the entry\'s own $ref, which stays')
  t.match(loop, { missing: true }, 'a part naming itself names nothing')
  t.notOk(fragmentColumns(withAlias, form).some((c) => c.ref.startsWith(alias)), 'a part that only names another column is not offered a second time')
})

t.test('every kind of change at once loads as the service loads a config', async (t) => {
  let form = read()
  form = setWidth(form, files, rowOf(form, 'Stake').uid, '160')
  form = setRule(form, files, rowOf(form, 'Intake').uid, { kind: 'everyone' })
  form = setRule(form, files, rowOf(form, 'Thrown').uid, { kind: 'written', text: '{"role": "AG"}' })
  form = moveColumn(removeColumn(form, rowOf(form, 'Net').uid), rowOf(form, 'UserId').uid, 1)
  form = setLabel(addColumn(form, 'fragments/columns.json#/big'), 'common.stake', 'en', 'Turnover')
  const saved = changedFiles(form, files)
  t.same(Object.keys(saved), [FULL, 'i18n/en.json'])
  t.same(loads(saved), [])
})
