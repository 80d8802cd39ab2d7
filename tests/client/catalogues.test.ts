import t from 'tap'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fromRoot } from '../../server/shared/paths.ts'
import { rendererMessagesEn, rendererMessagesZh } from '../../client/src/renderers/lib/messages.ts'

// Every text the client shows comes from a catalogue in both languages (ch reads the zh file): the client's own
// (client/public/assets/i18n), the renderers' (renderers/lib/messages.ts) and the operator's (menus/i18n).

type Tree = { [key: string]: string | Tree }
const json = (path: string) => JSON.parse(readFileSync(fromRoot(path), 'utf8')) as Tree

/** Every key of a nested catalogue, dotted, with its text. */
function flatten (tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(dotted, value)
    else for (const [k, v] of flatten(value, dotted)) out.set(k, v)
  }
  return out
}

const catalogues = {
  client: { en: flatten(json('client/public/assets/i18n/en.json')), zh: flatten(json('client/public/assets/i18n/zh.json')) },
  renderers: { en: flatten(rendererMessagesEn as unknown as Tree), zh: flatten(rendererMessagesZh as unknown as Tree) },
  operator: { en: flatten(json('menus/i18n/en.json')), zh: flatten(json('menus/i18n/zh.json')) }
}

// Chinese has one plural form: English's key_one and key_other are one key there (i18next falls back to it).
const oneForm = (key: string) => key.replace(/_(one|other)$/, '')

t.test('each catalogue has the same keys in en and zh, none empty', async (t) => {
  for (const [name, { en, zh }] of Object.entries(catalogues)) {
    const enKeys = new Set([...en.keys()].map(oneForm))
    t.same([...enKeys].filter((k) => !zh.has(k)), [], `${name}: every en key in zh`)
    t.same([...zh.keys()].filter((k) => !enKeys.has(k)), [], `${name}: every zh key in en`)
    t.same([...en, ...zh].filter(([, text]) => text.trim() === '').map(([k]) => k), [], `${name}: no empty text`)
  }
})

/** The client's source files. */
function sources (dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

t.test('every key the client asks for by name is in a catalogue', async (t) => {
  const known = new Set([...catalogues.client.en.keys(), ...catalogues.renderers.en.keys(), ...catalogues.operator.en.keys()])
  const missing: string[] = []
  let checked = 0
  for (const file of sources(fromRoot('client/src'))) {
    const text = readFileSync(file, 'utf8')
    // t('a.b'), i18n.t('a.b') and keys handed to a component as a literal ('renderers.x' or "shell.y").
    for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g)) {
      const key = match[1] as string
      checked++
      // A plural is asked for by its base name: i18next picks key_one or key_other by the count.
      if (!known.has(key) && !known.has(`${key}_other`)) missing.push(`${file.slice(fromRoot('').length)}: ${key}`)
    }
  }
  t.ok(checked > 100, `the keys named in the source were found (${checked})`)
  t.same(missing, [], 'no key missing from the catalogues')
})
