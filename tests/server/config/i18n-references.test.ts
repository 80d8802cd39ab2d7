import t from 'tap'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../../server/src/config/load.ts'
import { copyConfig } from './fixtures.ts'

// A text is kept under one key; another key that shows it holds "$t(common.x)". The config check refuses a reference that
// leads nowhere or in a circle, with the file and pointer to fix, and reports a missing translation with the text it names.

type Json = Record<string, Record<string, unknown>>
const edit = (dir: string, lang: string, change: (catalogue: Json) => void) => {
  const file = join(dir, 'i18n', `${lang}.json`)
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Json
  change(catalogue)
  writeFileSync(file, JSON.stringify(catalogue, null, 2))
}

t.test('the shipped catalogue names existing texts only', async (t) => {
  const loaded = await loadConfig(copyConfig(t))
  t.ok(loaded.ok, 'the shipped config loads')
})

t.test('a reference to no text is refused at its pointer', async (t) => {
  const dir = copyConfig(t)
  edit(dir, 'en', (c) => { c.menu!.profile = '$t(common.noSuchText)' })
  const loaded = await loadConfig(dir)
  t.notOk(loaded.ok)
  if (!loaded.ok) t.match(loaded.errors, [{ file: 'i18n/en.json', pointer: '/menu/profile', message: /"\$t\(common\.noSuchText\)" names no text/ }])
})

t.test('two references that lead to each other are refused', async (t) => {
  const dir = copyConfig(t)
  for (const lang of ['en', 'zh']) edit(dir, lang, (c) => { c.common!.profileA = '$t(common.profileB)'; c.common!.profileB = '$t(common.profileA)' })
  const loaded = await loadConfig(dir)
  t.notOk(loaded.ok)
  if (!loaded.ok) t.match(loaded.errors.filter((e) => e.file === 'i18n/zh.json'), [{ pointer: '/common/profileA', message: /leads back/ }, { pointer: '/common/profileB', message: /leads back/ }])
})

t.test('a missing translation of a key that refers says the text it shows', async (t) => {
  const dir = copyConfig(t)
  const en = JSON.parse(readFileSync(join(dir, 'i18n', 'en.json'), 'utf8')) as Json
  t.match(en.menu!.profile, /^\$t\(common\.\w+\)$/, 'menu.profile names a common text')
  edit(dir, 'zh', (c) => { delete c.menu!.profile })
  const loaded = await loadConfig(dir)
  t.notOk(loaded.ok)
  if (!loaded.ok) t.match(loaded.errors, [{ file: 'i18n/zh.json', pointer: '/menu/profile', message: 'missing translation of "menu.profile" (en: "Profile"): add it' }])
})
