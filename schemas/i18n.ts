import { Type, type Static } from 'typebox'
import { SchemaRef } from './common.ts'

/** A section of a catalogue: names → translated text or a nested section ("page.profile.title" is page → profile → title). */
export const I18nSection = Type.Cyclic({
  Section: Type.Record(
    Type.String({ pattern: '^[A-Za-z0-9_-]+$' }),
    Type.Union([Type.String({ minLength: 1 }), Type.Ref('Section')]),
    { additionalProperties: false, minProperties: 1 }
  )
}, 'Section')
export type I18nSection = Static<typeof I18nSection>

/** A translation catalogue (menus/i18n/<lang>.json): nested sections whose dot-joined paths are the keys config files name. */
export const I18nCatalogue = Type.Object({
  $schema: SchemaRef
}, {
  additionalProperties: false,
  patternProperties: { '^[a-z][A-Za-z0-9]*$': I18nSection },
  description: 'sections (menu, group, page, column, action, text) of key → translated text'
})
export type I18nCatalogue = Static<typeof I18nCatalogue>

/** A text is kept under one key: another key that shows it holds "$t(that.key)" (i18next's nesting), nothing else. */
export const referenceOf = (text: string): string | undefined => /^\$t\(([^)]+)\)$/.exec(text)?.[1]

type Texts = { [name: string]: string | Texts }

/** A catalogue with every "$t(key)" entry replaced by the text it leads to (an unknown key or a circle stays as written). */
export function resolveReferences<T extends object> (catalogue: T): T {
  const root = catalogue as unknown as Texts
  const lookup = (key: string) => key.split('.').reduce<string | Texts | undefined>((node, name) => typeof node === 'object' ? node[name] : undefined, root)
  const textOf = (text: string, seen: readonly string[]): string => {
    const key = referenceOf(text)
    const found = key === undefined || seen.includes(key) ? undefined : lookup(key)
    return typeof found === 'string' ? textOf(found, [...seen, key as string]) : text
  }
  const walk = (node: Texts): Texts => Object.fromEntries(Object.entries(node).map(([name, value]) => [name, typeof value === 'string' ? textOf(value, []) : walk(value)]))
  return walk(root) as unknown as T
}

/** The root of i18n.schema.json. */
export const configFileSchema = I18nCatalogue
