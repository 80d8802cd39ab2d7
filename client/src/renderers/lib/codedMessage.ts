// A server's message that comes with a code and values (a job's Message beside its MessageCode and MessageValues), said in the
// user's language from the one catalogue, as a refusal's code and params are (lib/useErrorText.ts).
import type { i18n as I18n } from 'i18next'
import { getPath } from './binding.ts'

/** What the catalogue lookup needs of i18next. */
export type Sayer = Pick<I18n, 't' | 'exists'>

/** A coded message: its code (a job's own GA_JOB_*, a service's note such as CONFIG_VERSION_CHANGES, or a refusal's GA_*), its values by name (by position for a refusal), its English. */
export interface CodedMessage { code: string, values: Readonly<Record<string, unknown>>, text: string }

const isCoded = (value: unknown): value is CodedMessage => value !== null && typeof value === 'object' &&
  typeof (value as CodedMessage).code === 'string' && typeof (value as CodedMessage).text === 'string'

/**
 * The message in the user's language: jobs.<code> for a job's own, msg.<code> for a service's note, errors.<code> for a refusal, each value that is a message of
 * its own said first; the English text when the catalogue has no sentence for the code (a newer server, another system's text).
 */
export function codedText (i18n: Sayer, message: CodedMessage): string {
  const key = [`jobs.${message.code}`, `msg.${message.code}`, `errors.${message.code}`].find((k) => message.code !== '' && i18n.exists(k))
  if (key === undefined) return message.text
  const values = Object.fromEntries(Object.entries(message.values ?? {}).map(([name, value]) => [name, isCoded(value) ? codedText(i18n, value) : value]))
  return i18n.t(key, values)
}

/** A record's field said in the user's language when a code and values sit beside it (Message: MessageCode, MessageValues); else undefined. */
export function fieldText (i18n: Sayer, record: unknown, path: string): string | undefined {
  const code = getPath(record, `${path}Code`)
  const values = getPath(record, `${path}Values`)
  if (typeof code !== 'string' || code === '' || values === null || typeof values !== 'object') return undefined
  const text = getPath(record, path)
  return codedText(i18n, { code, values: values as Record<string, unknown>, text: typeof text === 'string' ? text : '' })
}
