// Formatting of money, server time, maintenance time and countdowns (seed 000 §2, seed 001 §2 and §9).
import { TIME_ZONE, zoneDisplay } from '../../../schemas/domain/calendar.ts'

/** Money in its currency (getCurrencyCode) with exactly 2 decimals, e.g. $48,749.50, -$300.00 or RM 12.00; half-cents round away from zero. */
export function money (value: number | null | undefined, currency = 'SGD', locale = 'en-US'): string {
  const n = Number(value ?? 0)
  const cents = Math.sign(n) * Math.round(Math.abs(n) * 100)
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100 || 0)
}

/** A time as DD/MM/YYYY HH:mm in GMT+8, or the text null when absent or invalid. */
export function maintenanceTime (value: string | null | undefined): string {
  if (!value) return 'null'
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? 'null' : zoneDisplay(new Date(ms))
}

/** Every ISO day in a value (a date, a date-time's day, a list of them) as MM/DD/YYYY, the one way the app writes a day (seed 001 §5). */
export function dayText (value: unknown): string {
  const text = Array.isArray(value) ? value.join(', ') : String(value ?? '')
  return text.replace(/(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?/g, '$2/$3/$1')
}

/** The translation name a value has in a vocabulary (names hold letters, digits, - and _ only: api.call → api_call). */
export const vocabularyName = (value: unknown) => String(value).replace(/[^A-Za-z0-9_-]/g, '_')

/** A cell's text through its column's vocabulary (each item of a list, joined), the value itself where the vocabulary has no entry. */
export function vocabularyText (value: unknown, vocabulary: Readonly<Record<string, unknown>>): string {
  const one = (v: unknown) => {
    const text = vocabulary[vocabularyName(v)]
    return typeof text === 'string' ? text : String(v)
  }
  return Array.isArray(value) ? value.map(one).join(', ') : one(value)
}

/** The Intl locale of an i18next language: Chinese (zh, ch) or English. */
export const intlLocale = (language: string): string => (language === 'zh' || language === 'ch' ? 'zh-CN' : 'en-US')

// Intl formatters are costly to build and the clock ticks every second: one per locale and kind.
const formats = new Map<string, Intl.DateTimeFormat>()
function format (kind: 'clock' | 'weekday', locale: string): Intl.DateTimeFormat {
  const key = `${kind}:${locale}`
  let found = formats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, kind === 'clock'
      ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true, timeZone: TIME_ZONE }
      : { weekday: 'long', timeZone: TIME_ZONE })
    formats.set(key, found)
  }
  return found
}

/** The header clock in the user's language, like Mon, Jan 1, 2024, 1:02:03 PM (server zone GMT+8). */
export function clockText (ms: number, locale = 'en-US'): string {
  return format('clock', locale).format(new Date(ms)).replace(/\u202f/g, ' ')
}

/** The draw weekday (e.g. Wednesday, 星期三) of a close date, in GMT+8; empty when unknown. */
export function drawWeekday (value: string | null | undefined, locale = 'en-US'): string {
  const ms = value ? Date.parse(value) : NaN
  return Number.isNaN(ms) ? '' : format('weekday', locale).format(new Date(ms))
}

/** Days, hours, minutes and seconds left until a time, or null once it has passed. */
export function countdownParts (targetMs: number, nowMs: number): { d: number, h: number, m: number, s: number } | null {
  const left = Math.floor((targetMs - nowMs) / 1000)
  if (!(left > 0)) return null
  return { d: Math.floor(left / 86400), h: Math.floor(left / 3600) % 24, m: Math.floor(left / 60) % 60, s: left % 60 }
}

/** Black or white, whichever reads better on a CSS colour (announcement blocks carry any background). */
export function readableOn (color: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())
  let rgb: number[] | undefined
  if (hex?.[1]) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1]
    rgb = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16))
  } else {
    const m = /rgba?\(([^)]+)\)/i.exec(color)
    if (m?.[1]) rgb = m[1].split(',').slice(0, 3).map((v) => Number(v.trim()))
  }
  if (!rgb || rgb.some((v) => Number.isNaN(v))) return '#000000'
  const [r = 0, g = 0, b = 0] = rgb.map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4 })
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  return luminance > 0.179 ? '#000000' : '#ffffff'
}
