import t from 'tap'
import { fromRoot } from '../../../server/shared/paths.ts'
import { readConfigDir, validateConfig } from '../../../server/src/config/load.ts'
import { flatTexts, parsed } from '../../../client/src/renderers/lib/draftTexts.ts'
import { changedCatalogues, filterRows, missingCount, setText, textProblems, textRows, type TextsForm } from '../../../client/src/renderers/lib/textsModel.ts'

// The texts editor's logic (Utilities › Configuration's draft page): the shipped catalogues side by side, translations that are
// missing or the English word for word flagged and filtered, and the catalogues a save writes loading as the service loads them.

const { files: shipped } = await readConfigDir(fromRoot('menus'))
const files: Record<string, string> = Object.fromEntries(shipped)
const form: TextsForm = { revision: 3, edits: {} }
const rows = textRows(files, form)
const row = (key: string, of = rows) => of.find((r) => r.key === key)

t.test('both catalogues as one table, a key a row, in the English catalogue\'s order', async (t) => {
  t.equal(rows.length, flatTexts(parsed(files['i18n/en.json'])).size, 'every key once')
  t.match(row('common.stake'), { en: 'Stake', zh: String, status: 'ok' })
  t.match(row('page.controlPayRate.tabI'), { en: 'iBet', zh: 'iBet', status: 'sameAsEnglish' }, 'a Chinese text that is the English one is flagged')
  t.match(row('page.utilitiesConfigurationDraft.changesFound_one'), { zh: undefined, status: 'ok' }, 'English\'s _one form needs no Chinese of its own')
  t.equal(row('common.configFile.stale')?.status, 'ok', 'placeholders alone do not make a text untranslated')
})

t.test('missing translations: flagged, counted and filtered; a query finds keys and texts', async (t) => {
  const catalogue = JSON.parse(files['i18n/zh.json']!) as { common: Record<string, unknown> }
  delete catalogue.common.stake
  const withoutStake = textRows({ ...files, 'i18n/zh.json': JSON.stringify(catalogue) }, form)
  t.match(row('common.stake', withoutStake), { zh: undefined, status: 'missingZh' })
  t.equal(missingCount(withoutStake), missingCount(rows) + 1)
  const missing = filterRows(withoutStake, { query: '', onlyMissing: true })
  t.ok(missing.every((r) => r.status !== 'ok') && missing.some((r) => r.key === 'common.stake'), 'only those needing a translation')
  t.same(filterRows(rows, { query: 'STAKE', onlyMissing: false }).map((r) => r.key).slice(0, 1), ['common.stake'], 'by key, any case')
  t.ok(filterRows(rows, { query: '投注额', onlyMissing: false }).some((r) => r.key === 'common.stake'), 'by Chinese text too')
  t.same(filterRows(rows, { query: 'no text says this', onlyMissing: false }), [], 'nothing found is an empty table')
})

t.test('edits: both catalogues written where they changed, nothing else moved, and loading', async (t) => {
  const edited = setText(setText(form, 'common.stake', 'en', 'Turnover'), 'page.controlPayRate.tabI', 'zh', 'i投注')
  t.match(row('common.stake', textRows(files, edited)), { en: 'Turnover' })
  t.equal(row('page.controlPayRate.tabI', textRows(files, edited))?.status, 'ok', 'translated, no longer flagged')
  const saved = changedCatalogues(files, edited)
  t.same(Object.keys(saved), ['i18n/en.json', 'i18n/zh.json'])
  t.equal(flatTexts(parsed(saved['i18n/en.json'])).get('common.stake'), 'Turnover')
  t.equal(saved['i18n/en.json']!.split('\n').length, files['i18n/en.json']!.split('\n').length, 'the file keeps its layout: one line changed')
  const result = validateConfig(new Map(Object.entries({ ...files, ...saved })))
  t.ok(result.ok, 'the draft with them loads')
  t.same(changedCatalogues(files, setText(form, 'common.stake', 'en', 'Stake')), {}, 'a text typed back as it was saves nothing')
  t.match(textProblems(files, setText(form, 'common.stake', 'zh', '  ')), [{ key: 'common.stake', kind: 'empty', values: { file: 'i18n/zh.json' } }], 'an emptied text is not saved')
})
