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

/** The root of i18n.schema.json. */
export const configFileSchema = I18nCatalogue
