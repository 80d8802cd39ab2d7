// i18next set up for en, zh and ch (ch shows Chinese): every text from the one catalogue (menus/i18n), as bundled and as the service serves it.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { keys, localGet, localSet } from './storage.ts'
import { dayText, intlLocale, money, vocabularyText } from './format.ts'

/** The languages the product offers (seed 001 §5). */
export type Lang = 'en' | 'zh' | 'ch'

/** en, zh or ch; anything else is en. */
export function normaliseLang (value: string | null | undefined): Lang {
  const v = (value ?? '').toLowerCase()
  return v === 'zh' || v === 'ch' ? v : 'en'
}

/** The stored language, else the browser's language prefix, else en. */
export function initialLang (): Lang {
  const stored = localGet(keys.locale)
  if (stored) return normaliseLang(stored)
  return normaliseLang((navigator.language || 'en').split('-')[0])
}

/** The translation file a language reads: ch shows Chinese. */
const fileOf = (lang: Lang) => (lang === 'en' ? 'en' : 'zh')

/** The catalogue bundled with the app per translation file (menus/i18n at build time). */
export type BundledTexts = Record<ReturnType<typeof fileOf>, Record<string, unknown>>
// Handed in by the entry point at start, so lib/ needs no import from the layers above it.
let bundled: BundledTexts = { en: {}, zh: {} }

/** A JSON catalogue, or nothing when it cannot be had (texts then fall back to English or to their keys). */
async function fetchTexts (url: string): Promise<Record<string, unknown>> {
  try {
    const response = await fetch(url)
    return response.ok ? await response.json() as Record<string, unknown> : {}
  } catch {
    return {}
  }
}

// The bundled catalogue, overlaid by the service's hot-reloaded one: an operator's edit of menus/i18n shows without a new build.
async function loadBundle (file: keyof BundledTexts): Promise<void> {
  if (i18next.hasResourceBundle(file, 'translation')) return
  i18next.addResourceBundle(file, 'translation', bundled[file], true, true)
  i18next.addResourceBundle(file, 'translation', await fetchTexts(`/ui/i18n/${file}`), true, true)
}

/** Starts i18next in the stored or browser language with the app's bundled texts; English stays loaded as the fallback. */
export async function initI18n (texts: BundledTexts): Promise<void> {
  bundled = texts
  const lang = initialLang()
  await i18next.use(initReactI18next).init({
    lng: fileOf(lang),
    fallbackLng: 'en',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false
  })
  // {{value, money}} in a text: exactly 2 decimals in the currency the text is given (currency), in the text's language.
  i18next.services.formatter?.add('money', (value: unknown, lng: string | undefined, options: { currency?: unknown }) =>
    money(Number(value), typeof options.currency === 'string' ? options.currency : undefined, intlLocale(lng ?? 'en')))
  // {{DrawDate, day}}: a day as every table, filter and form shows it.
  i18next.services.formatter?.add('day', (value: unknown) => dayText(value))
  // {{Form, term(of: common.betForm)}}: a value in words through a vocabulary, as a table column with valueLabels shows it.
  i18next.services.formatter?.add('term', (value: unknown, lng: string | undefined, options: { of?: unknown }) => {
    const vocabulary: unknown = typeof options.of === 'string' ? i18next.t(options.of, { lng, returnObjects: true }) : null
    return vocabulary !== null && typeof vocabulary === 'object' ? vocabularyText(value, vocabulary as Record<string, unknown>) : String(value)
  })
  await Promise.all([loadBundle('en'), loadBundle(fileOf(lang))])
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh'
  await i18next.changeLanguage(fileOf(lang))
}

/** Switches the language and stores it under locale. */
export async function changeLang (lang: Lang): Promise<void> {
  localSet(keys.locale, lang)
  await loadBundle(fileOf(lang))
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh'
  await i18next.changeLanguage(fileOf(lang))
}

/** The language the user chose (ch kept apart from zh for the selector). */
export function currentLang (): Lang {
  return initialLang()
}

/** Service texts the client knows a translation for (Msg and MsgSuccess values). */
const knownMessages: Record<string, string> = { 'Session Error.': 'msg.sessionError', 'Password updated.': 'msg.passwordUpdated' }

/** Translates a known service message, otherwise shows it as received. */
export function translateMessage (text: string, t: (key: string) => string): string {
  const key = knownMessages[text]
  return key ? t(key) : text
}
