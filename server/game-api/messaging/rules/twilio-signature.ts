// Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the shared secret, of the full URL followed by each POST parameter's name and value in name order.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The signature Twilio sends for a form-encoded POST to url with these parameters. */
export function twilioSignature (secret: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params).sort().reduce((text, name) => text + name + params[name], url)
  return createHmac('sha1', secret).update(data, 'utf8').digest('base64')
}

/** Whether a received signature is the one the secret gives (constant time); false for an empty secret. */
export function verifyTwilioSignature (secret: string, url: string, params: Record<string, string>, received: string): boolean {
  if (secret === '') return false
  const expected = Buffer.from(twilioSignature(secret, url, params))
  const actual = Buffer.from(received)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
