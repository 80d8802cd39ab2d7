// Which tier each tap file belongs to, by what it starts (read from its imports, so a file keeps its tier when it moves):
//   unit     starts nothing: no database, no server, no browser, no child process (rules, settlement, grammar, models);
//   service  starts a database, a server or a process, but no browser;
//   browser  drives Chromium (everything under tests/e2e, and any file reaching playwright-core).
// `node tests/helpers/tiers.mjs <tier>` prints that tier's files, one a line; with no tier, every file and its tier.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Fast to slow: the order tests/run-all.sh runs them in. */
export const TIERS = ['unit', 'service', 'browser']

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const testsDir = join(root, 'tests')

// An import of one of these starts (or opens) what the unit tier runs without.
const STARTS = [
  /^fastify$/, /^pg$/, /^@electric-sql\/pglite/, /^ioredis$/, /^node:(child_process|http|https|net|worker_threads)$/,
  /\/server\/src\/app\.ts$/, /\/server\/game-api\/app\.ts$/, /\/server\/shared\/db\.ts$/
]
const DRIVES_BROWSER = [/^playwright-core$/, /\/tests\/e2e\//]

/** Every import specifier of a file, relative ones resolved to absolute paths. */
function importsOf (file) {
  const source = readFileSync(file, 'utf8')
  const found = [...source.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)]
  return found.map((m) => m[1] ?? m[2] ?? m[3]).map((spec) => spec.startsWith('.') ? resolve(dirname(file), spec) : spec)
}

/** The tier of one test file: its own imports and those of the test code it imports (under tests/), not the product's. */
export function tierOf (file) {
  const seen = new Set()
  let tier = 'unit'
  const visit = (path) => {
    if (seen.has(path)) return
    seen.add(path)
    if (DRIVES_BROWSER.some((re) => re.test(path))) { tier = 'browser'; return }
    for (const spec of importsOf(path)) {
      if (DRIVES_BROWSER.some((re) => re.test(spec))) { tier = 'browser'; return }
      if (STARTS.some((re) => re.test(spec))) tier = 'service'
      if (spec.startsWith(testsDir + '/') && existsSync(spec)) visit(spec)
    }
  }
  visit(file)
  return tier
}

/** Every tap file (tests/**\/*.test.ts, as .taprc includes them), sorted. */
export function testFiles (dir = testsDir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  }).sort()
}

/** The files of a tier, relative to the checkout. */
export function filesOf (tier) {
  return testFiles().filter((file) => tierOf(file) === tier).map((file) => relative(root, file))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tier = process.argv[2]
  if (tier !== undefined && !TIERS.includes(tier)) {
    console.error(`unknown tier ${tier}: one of ${TIERS.join(', ')}`)
    process.exit(2)
  }
  for (const file of testFiles()) {
    const own = tierOf(file)
    if (tier === undefined) console.log(`${own}\t${relative(root, file)}`)
    else if (own === tier) console.log(relative(root, file))
  }
}
