import { Type } from 'typebox'

// Building blocks shared by the operator-config schemas.

/** The editor hint every config file carries: a relative path to its generated JSON Schema. */
export const SchemaRef = Type.Optional(Type.String({ description: 'relative path to the generated JSON Schema, e.g. ../schemas/menu.schema.json' }))

/** A shared config fragment used in place of an object or a list (menus/fragments/<name>.json, optionally at a JSON pointer); the keys beside "$ref" replace the fragment's keys of the same name (null removes one). The loader resolves it before validating. */
export const FRAGMENT_REF_PATTERN = '^fragments/([A-Za-z0-9._-]+\\.json)(?:#(.*))?$'
export const FragmentRef = Type.Object({
  $ref: Type.String({ pattern: FRAGMENT_REF_PATTERN, description: 'fragments/<name>.json#/json/pointer: the part of a file in the config directory\'s fragments/ used here' })
}, { description: 'a fragment used here; the keys beside "$ref" replace the fragment\'s keys of the same name (shallowly; null removes one)' })

/** A stable identifier: letters, digits, dash and underscore, starting with a letter. */
export const Key = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]*$', description: 'an identifier: a letter, then letters, digits, - or _' })

/** A translation key "section.name" present in both i18n catalogues (menus/i18n/en.json and zh.json). */
export const I18nKey = Type.String({ pattern: '^[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9_-]+)+$', description: 'a translation key such as menu.profile (section.name), present in i18n/en.json and i18n/zh.json' })

/** An application route such as /report/full. */
export const RoutePath = Type.String({ pattern: '^/[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$', description: 'a route path such as /report/full' })

/** A page template's route: a route path whose later segments may be :Name parameters (/admin/agents/:UserId). */
export const RouteTemplate = Type.String({ pattern: '^/[A-Za-z0-9_-]+(/:?[A-Za-z0-9_-]+)*$', description: 'a route such as /report/full, or with :Name segments such as /admin/agents/:UserId' })

/** Typed text (user ids, passwords, captcha answers and ids): no control characters (NUL, CR, LF…), which no header and no PostgreSQL text can carry. */
export function PlainText (options: { minLength?: number, maxLength: number, description?: string }) {
  return Type.String({ description: 'text without control characters', ...options, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })
}
