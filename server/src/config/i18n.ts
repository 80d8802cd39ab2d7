import { segment, type Issue } from './rule-check.ts'
import { referenceOf } from '../../../schemas/i18n.ts'

/** A validated translation catalogue: nested sections of names → text (see schemas/i18n.ts). */
export type Catalogue = { $schema?: string } & { [section: string]: unknown }

const sectionName = /^[a-z][A-Za-z0-9]*$/
const entryName = /^[A-Za-z0-9_-]+$/

function checkSection (node: unknown, pointer: string, issues: Issue[]) {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    issues.push({ pointer, message: `found ${JSON.stringify(node)}: a section is an object of names → text or further sections` })
    return
  }
  const entries = Object.entries(node)
  if (entries.length === 0) issues.push({ pointer, message: 'empty section: add translations or remove it' })
  for (const [name, value] of entries) {
    const at = `${pointer}/${segment(name)}`
    if (!entryName.test(name)) issues.push({ pointer: at, message: `"${name}" cannot be a translation name: use letters, digits, - or _` })
    else if (typeof value !== 'string') checkSection(value, at, issues)
    else if (value.trim() === '') issues.push({ pointer: at, message: 'empty translation: write the text' })
  }
}

/** Checks a catalogue's shape (the same as schemas/i18n.ts) with messages that say what to change. */
export function checkCatalogue (value: unknown): Issue[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [{ pointer: '', message: 'a catalogue is an object of sections, e.g. { "menu": { "profile": "Profile" } }' }]
  const issues: Issue[] = []
  for (const [name, section] of Object.entries(value)) {
    if (name === '$schema') { if (typeof section !== 'string') issues.push({ pointer: '/$schema', message: '"$schema" must be a text: ../schemas/i18n.schema.json' }); continue }
    if (!sectionName.test(name)) issues.push({ pointer: `/${segment(name)}`, message: `"${name}" cannot be a section name: start with a lower-case letter, then letters and digits` })
    else checkSection(section, `/${segment(name)}`, issues)
  }
  return issues
}

/** Every key of a catalogue ("page.profile.title") → its text. */
export function flattenCatalogue (catalogue: Catalogue): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') { out.set(prefix, node); return }
    if (node !== null && typeof node === 'object') for (const [name, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${name}` : name)
  }
  for (const [name, section] of Object.entries(catalogue)) if (name !== '$schema') walk(section, name)
  return out
}

/** A "$t(key)" entry says a text kept once under another key: each must name a text of the same catalogue, never in a circle. */
export function checkReferences (texts: ReadonlyMap<string, string>): Array<{ key: string, message: string }> {
  const issues: Array<{ key: string, message: string }> = []
  for (const [key, text] of texts) {
    const seen = [key]
    for (let target = referenceOf(text); target !== undefined; target = referenceOf(texts.get(target) ?? '')) {
      if (!texts.has(target)) { issues.push({ key, message: `"$t(${target})" names no text: add "${target}" or name an existing key` }); break }
      if (seen.includes(target)) { issues.push({ key, message: `"$t(${target})" leads back to "${key}": one of them must hold the text` }); break }
      seen.push(target)
    }
  }
  return issues
}

/** The text a key shows: its own, or the one its "$t(key)" leads to (as written when that leads nowhere). */
export function textOf (texts: ReadonlyMap<string, string>, key: string): string | undefined {
  const seen: string[] = []
  let text = texts.get(key)
  for (let target = referenceOf(text ?? ''); target !== undefined && texts.has(target) && !seen.includes(target); target = referenceOf(text ?? '')) {
    seen.push(target)
    text = texts.get(target)
  }
  return text
}
