// The two catalogues of a config draft (i18n/en.json, i18n/zh.json) as the form editors read and change them: a key's text, new
// texts written into the nested sections, and how many places of the config name a key (a shared text changes all of them).
import { referenceOf } from '../../../../schemas/i18n.ts'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

/** The languages the config holds texts in, and their files in a draft. */
export const LANGUAGES = ['en', 'zh'] as const
export type Language = (typeof LANGUAGES)[number]
export const catalogueFile = (lang: Language) => `i18n/${lang}.json`

export const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value)

/** A file's text parsed, undefined when it is not JSON (the JSON editor shows why). */
export function parsed (text: string | undefined): Json | undefined {
  if (text === undefined) return undefined
  try { return JSON.parse(text) as Json } catch { return undefined }
}

/** A config file's text as every shipped file is written: two-space JSON and a final newline (so an unchanged part diffs as none). */
export const fileText = (value: Json) => `${JSON.stringify(value, null, 2)}\n`

/** Every key of a catalogue ("page.profile.title") → its text as written ("$t(other.key)" stays). */
export function flatTexts (catalogue: Json | undefined): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (node: Json, prefix: string) => {
    if (typeof node === 'string') out.set(prefix, node)
    else if (isObject(node)) for (const [name, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${name}` : name)
  }
  if (isObject(catalogue)) for (const [name, section] of Object.entries(catalogue)) if (name !== '$schema') walk(section, name)
  return out
}

/** The text a key shows: its own, or the one its "$t(key)" leads to. */
export function shownText (texts: ReadonlyMap<string, string>, key: string): string | undefined {
  const seen = [key]
  let text = texts.get(key)
  for (let target = referenceOf(text ?? ''); target !== undefined && texts.has(target) && !seen.includes(target); target = referenceOf(text ?? '')) {
    seen.push(target)
    text = texts.get(target)
  }
  return text
}

/** Why a key cannot take a text in a catalogue: a section stands where the text would go, or a text where a section must. */
export type KeyClash = 'section' | 'text'

/** Where the key's text would go, or what stands in the way. */
export function keyClash (catalogue: Json | undefined, key: string): KeyClash | undefined {
  let node: Json | undefined = catalogue
  const names = key.split('.')
  for (const [i, name] of names.entries()) {
    if (!isObject(node)) return 'text'
    node = node[name]
    if (node === undefined) return undefined
    if (i < names.length - 1 && typeof node === 'string') return 'text'
  }
  return isObject(node) ? 'section' : undefined
}

/** The catalogue with these keys' texts set (sections made as needed, everything else in its place and order). */
export function withTexts (catalogue: JsonObject, texts: Readonly<Record<string, string>>): JsonObject {
  const copy = structuredClone(catalogue)
  for (const [key, text] of Object.entries(texts)) {
    const names = key.split('.')
    let node = copy
    for (const name of names.slice(0, -1)) {
      const next = node[name]
      if (!isObject(next)) node[name] = {}
      node = node[name] as JsonObject
    }
    node[names[names.length - 1] ?? key] = text
  }
  return copy
}

/** How many places of a draft's config files name each key (a value equal to it, or a "$t(key)" text of the catalogues), read once. */
export function keyUseCounts (files: Readonly<Record<string, string>>): ReadonlyMap<string, number> {
  const uses = new Map<string, number>()
  const count = (key: string) => uses.set(key, (uses.get(key) ?? 0) + 1)
  const walk = (node: Json) => {
    if (typeof node === 'string') count(referenceOf(node) ?? node)
    else if (Array.isArray(node)) node.forEach(walk)
    else if (isObject(node)) Object.values(node).forEach(walk)
  }
  for (const [path, text] of Object.entries(files)) {
    // A catalogue holds keys as names: only its "$t(key)" values use one.
    if (path.startsWith('i18n/')) {
      if (path === catalogueFile('en')) for (const value of flatTexts(parsed(text)).values()) { const target = referenceOf(value); if (target !== undefined) count(target) }
    } else {
      const value = parsed(text)
      if (value !== undefined) walk(value)
    }
  }
  return uses
}
