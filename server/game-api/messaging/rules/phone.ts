// Phone numbers as seed 001 §5 writes them: international digits without '+', Singapore numbers with 65 (libphonenumber-js's metadata decides what is valid).
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js'

const SINGAPORE = 'SG'
// Singapore's own numbers are 8 digits; anything longer without '+' is read as international digits first.
const SINGAPORE_LOCAL_DIGITS = 8

/** The stored form of a phone number (E.164 digits without '+'), or undefined when it is not a valid number. */
export function normalisePhone (raw: string): string | undefined {
  const text = raw.trim()
  if (!/^\+?[\d\s().-]{6,30}$/.test(text)) return undefined
  const digits = text.replace(/\D/g, '')
  const candidates: Array<PhoneNumber | undefined> = text.startsWith('+') || digits.startsWith('00')
    ? [parsePhoneNumberFromString(`+${digits.replace(/^00/, '')}`)]
    : digits.length === SINGAPORE_LOCAL_DIGITS
      ? [parsePhoneNumberFromString(digits, SINGAPORE)]
      : [parsePhoneNumberFromString(`+${digits}`), parsePhoneNumberFromString(digits, SINGAPORE)]
  const valid = candidates.find((p) => p?.isValid() === true)
  return valid?.number.slice(1)
}
