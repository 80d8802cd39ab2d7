import t from 'tap'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fromRoot } from '../../server/shared/paths.ts'
import { flattenCatalogue, type Catalogue } from '../../server/src/config/i18n.ts'
import { referenceOf } from '../../schemas/i18n.ts'

// Every text the product shows comes from one catalogue per language, menus/i18n (ch reads the zh file): the service serves
// it hot-reloaded, the client bundles the same files (renderers/lib/messages.ts), and nothing else holds texts.

const catalogue = (lang: string) => flattenCatalogue(JSON.parse(readFileSync(fromRoot(`menus/i18n/${lang}.json`), 'utf8')) as Catalogue)
const en = catalogue('en')
const zh = catalogue('zh')

// Chinese has one plural form: English's key_one is its key there (i18next falls back to it).
const oneForm = (key: string) => key.replace(/_one$/, '')

t.test('the catalogue has the same keys in en and zh, none empty', async (t) => {
  t.same([...en.keys()].filter((k) => !zh.has(oneForm(k))), [], 'every en key in zh')
  t.same([...zh.keys()].filter((k) => !en.has(k)), [], 'every zh key in en')
  t.same([...en, ...zh].filter(([, text]) => text.trim() === '').map(([k]) => k), [], 'no empty text')
})

t.test('no other catalogue: the client keeps no texts of its own', async (t) => {
  t.notOk(readdirSync(fromRoot('client')).includes('public') && readdirSync(fromRoot('client/public')).includes('assets'), 'no client/public/assets (its i18n files moved into menus/i18n)')
})

/** The client's source files. */
function sources (dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

t.test('every key the client asks for by name is in the catalogue', async (t) => {
  const missing: string[] = []
  let checked = 0
  for (const file of sources(fromRoot('client/src'))) {
    const text = readFileSync(file, 'utf8')
    // t('a.b'), i18n.t('a.b') and keys handed to a component as a literal ('renderers.x' or "shell.y").
    for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g)) {
      const key = match[1] as string
      checked++
      // A plural is asked for by its base name: i18next picks key_one or key by the count.
      if (!en.has(key) && !en.has(`${key}_other`)) missing.push(`${file.slice(fromRoot('').length)}: ${key}`)
    }
  }
  t.ok(checked > 100, `the keys named in the source were found (${checked})`)
  t.same(missing, [], 'no key missing from the catalogue')
})

t.test('each demo location is named in both languages (common.locationName, by LocId), as the location choice shows it', async (t) => {
  const seed = JSON.parse(readFileSync(fromRoot('server/game-api/seed/demo-users.json'), 'utf8')) as { locations: Array<{ LocId: string, Loc: string }> }
  const text = (catalogue: ReadonlyMap<string, string>, key: string): string | undefined => {
    const found = catalogue.get(key)
    const to = found === undefined ? undefined : referenceOf(found)
    return to === undefined ? found : text(catalogue, to)
  }
  // A location named only by its code (IN, BJ) shows that code in every language.
  const named = seed.locations.filter((l) => l.Loc !== l.LocId)
  t.ok(named.length >= 4, 'the seed names its locations')
  for (const l of named) {
    const key = `common.locationName.${l.LocId}`
    t.equal(text(en, key), l.Loc, `${l.LocId}: ${l.Loc} in English`)
    t.match(text(zh, key), /[\u4e00-\u9fff]/, `${l.LocId}: in Chinese words`)
  }
})
