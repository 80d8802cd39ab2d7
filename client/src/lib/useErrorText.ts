import type { i18n as I18n } from 'i18next'
import { useTranslation } from 'react-i18next'
import { GENERIC_ERROR_KEY, plainFieldPath, refusalOf, shownMessage } from './errors.ts'

/** Names a refused field (body/UserId) in the words of the form that sent it; undefined when the form has no such field. */
export type FieldLabeller = (path: string) => string | undefined

/**
 * The text of a failed call in the user's language: a refusal with a code the catalogue knows (errors.<code>) is translated with its
 * values, a field path named by the form; anything else follows the seed's display rule (server message, HTTP text, generic sentence).
 */
export function errorTextIn (i18n: Pick<I18n, 't' | 'exists'>, error: unknown, labelField?: FieldLabeller): string {
  const refusal = refusalOf(error)
  if (!refusal || !i18n.exists(refusal.key)) return shownMessage(error) ?? i18n.t(GENERIC_ERROR_KEY)
  const values = { ...refusal.values }
  if (refusal.code.startsWith('GA_FIELD_') && values['0'] !== undefined) values['0'] = labelField?.(values['0']) ?? plainFieldPath(values['0'])
  return i18n.t(refusal.key, values)
}

/** errorTextIn for the app's current language. */
export function useErrorText (): (error: unknown, labelField?: FieldLabeller) => string {
  const { i18n } = useTranslation()
  return (error, labelField) => errorTextIn(i18n, error, labelField)
}
