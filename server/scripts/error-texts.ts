import { readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { fromRoot } from '../shared/paths.ts'
import { resolveReferences } from '../../schemas/i18n.ts'

// npm run errors:en: the English of each game API refusal is written once, in the game API's catalogue (server/game-api/**/errors.ts);
// menus/i18n/en.json's errors.GA_* are derived from it here (zh translates them), and tests/client/refusal-catalogue.test.ts holds them equal.

const enFile = fromRoot('menus/i18n/en.json')

/** A catalogue message as the client's catalogue writes it: each %s becomes {{0}}, {{1}}, … in order, %% one percent sign. */
export function i18nTemplate (message: string): string {
  let value = 0
  return message.replace(/%%|%s/g, (token) => token === '%%' ? '%' : `{{${value++}}}`)
}

/** Every entry of the game API's catalogue, code → message: lib/errors.ts and each domain's errors.ts, loaded so that coded() records them. */
export async function gameApiCatalogue (): Promise<ReadonlyMap<string, string>> {
  return new Map([...await gameApiCatalogueEntries()].map(([code, entry]) => [code, entry.message]))
}

/** Every entry of the game API's catalogue, code → message and status. */
export async function gameApiCatalogueEntries (): Promise<ReadonlyMap<string, { message: string, statusCode: number }>> {
  const { catalogueEntries } = await import('../game-api/lib/errors.ts')
  const root = fromRoot('server/game-api')
  // A template import, so a bundle (the tests' run) holds every domain's catalogue too.
  for (const domain of readdirSync(root)) {
    if (existsSync(`${root}/${domain}/errors.ts`)) await import(`../game-api/${domain}/errors.ts`)
  }
  return catalogueEntries
}

type Catalogue = { errors: Record<string, string> } & Record<string, unknown>

/**
 * The errors section with each game API code's text derived from its catalogue message. A "$t(key)" entry is kept while it
 * leads to that very text (one vocabulary: the text stays under its one key); codes the catalogue lacks are left as they are.
 */
export function derivedErrors (en: Catalogue, catalogue: ReadonlyMap<string, string>): Record<string, string> {
  const resolved = resolveReferences(en).errors
  return Object.fromEntries(Object.entries(en.errors).map(([code, text]) => {
    const message = catalogue.get(code)
    if (message === undefined) return [code, text]
    const derived = i18nTemplate(message)
    return [code, resolved[code] === derived ? text : derived]
  }))
}

/** Rewrites en.json's game API refusals from the catalogue; answers the codes whose text changed. */
async function writeEnglish (): Promise<string[]> {
  const en = JSON.parse(readFileSync(enFile, 'utf8')) as Catalogue
  const errors = derivedErrors(en, await gameApiCatalogue())
  const changed = Object.keys(errors).filter((code) => errors[code] !== en.errors[code])
  writeFileSync(enFile, `${JSON.stringify({ ...en, errors }, null, 2)}\n`)
  return changed
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const changed = await writeEnglish()
  console.log(changed.length === 0 ? 'menus/i18n/en.json: every game API refusal already says its catalogue message' : `menus/i18n/en.json: ${changed.length} refusals rewritten from the catalogue: ${changed.join(', ')}`)
}
