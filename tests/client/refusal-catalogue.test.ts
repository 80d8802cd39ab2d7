import t from 'tap'
import { readFileSync } from 'node:fs'
import { fromRoot } from '../../server/shared/paths.ts'
import { derivedErrors, gameApiCatalogue } from '../../server/scripts/error-texts.ts'

// Every refusal the game API can give a user has a sentence in the client's catalogues (en and zh, errors.<code>), so a
// Chinese user never reads the API's English. Codes whose message is free text ('%s') or that only callers other than
// the browser can meet are listed here, with why: a free-text refusal is refused unless it is listed.
const notForUsers: Record<string, string> = {
  GA_PASSWORD_RULES: 'its message and data are the broken password rules as the contract words them; the password forms check the same rules first and say each as password.<id>',
  GA_ROUTE_NOT_FOUND: 'an unknown path: a developer\'s mistake',
  GA_REQUEST_UNREADABLE: 'Fastify\'s own refusal of a body it could not read: the service sends the game API well-formed JSON, so only other callers meet it',
  GA_JOB_NOT_FOUND: 'the upload page only polls jobs it started',
  GA_SMS_BAD_SIGNATURE: 'answered to an SMS gateway, never a browser',
  GA_SMS_NOT_CONFIGURED: 'answered to an SMS gateway, never a browser',
  GA_TELEGRAM_NOT_CONFIGURED: 'answered to the Telegram Bot API, never a browser',
  GA_BAD_BET_TEXT: 'its data lists each parser error with its position, shown as the parser wrote it',
  GA_BAD_RESULT: 'its data lists each problem of the result, by prize slot'
}

// The game API's catalogue as coded() recorded it (every entry, also those built by a helper such as a bet line's).
const coded = await gameApiCatalogue()
const file = (lang: string) => JSON.parse(readFileSync(fromRoot(`menus/i18n/${lang}.json`), 'utf8')) as { errors: Record<string, string> }
const catalogue = (lang: string) => file(lang).errors

t.test('each game API refusal a user can meet is in both catalogues', async (t) => {
  t.ok(coded.size > 50, `the game API's codes were found (${coded.size})`)
  const needed = [...coded].filter(([code, message]) => message !== '%s' && notForUsers[code] === undefined).map(([code]) => code)
  for (const lang of ['en', 'zh']) {
    const texts = catalogue(lang)
    t.same(needed.filter((code) => texts[code] === undefined), [], `${lang}: every code has its sentence`)
  }
  t.same(Object.keys(notForUsers).filter((code) => !coded.has(code)), [], 'the exceptions name codes that exist')
})

t.test('no refusal is free text unless it says why', async (t) => {
  const free = [...coded].filter(([code, message]) => message === '%s' && notForUsers[code] === undefined).map(([code]) => code)
  t.same(free, [], 'a \'%s\'-only message reaches users in English: give the refusal its own code and sentence, or list it in notForUsers with why')
})

t.test('a sentence uses only the values its code sends', async (t) => {
  // The values are the message's %s in order (%% is a literal percent sign), shown as {{0}}, {{1}}, … in the catalogues.
  const count = (message: string) => message.replace(/%%/g, '').match(/%s/g)?.length ?? 0
  for (const lang of ['en', 'zh']) {
    const texts = catalogue(lang)
    const beyond = [...coded].filter(([code, message]) => {
      const text = texts[code]
      return text !== undefined && [...text.matchAll(/\{\{(\d+)\}\}/g)].some((m) => Number(m[1]) >= count(message))
    }).map(([code]) => code)
    t.same(beyond, [], `${lang}: no sentence names a value its code does not send`)
  }
})

t.test('a sentence shows its values as {{n}}, never as the game API\'s %s', async (t) => {
  for (const lang of ['en', 'zh']) {
    const texts = catalogue(lang)
    t.same([...coded.keys()].filter((code) => /%s/.test(texts[code] ?? '')), [], `${lang}: a %s would be shown to the user as it is`)
  }
})

t.test('each English sentence is its catalogue message: one source, so the two can never differ', async (t) => {
  const en = file('en')
  const derived = derivedErrors(en, coded)
  const differing = Object.keys(derived).filter((code) => derived[code] !== en.errors[code]).map((code) => `${code}: en.json says "${en.errors[code]}", the catalogue "${derived[code]}"`)
  t.same(differing, [], 'menus/i18n/en.json errors.GA_* say the game API catalogue\'s message (server/game-api/**/errors.ts); after changing one, run npm run errors:en')
})
