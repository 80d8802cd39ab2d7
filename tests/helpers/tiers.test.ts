import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
// @ts-expect-error a plain ESM script run by node without types (tests/run-all.sh calls it)
import { filesOf, testFiles, tierOf, TIERS } from './tiers.mjs'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

t.test('a file is in the tier of what it starts', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tiers-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = (name: string, body: string) => { const path = join(dir, name); writeFileSync(path, body); return path }
  t.equal(tierOf(file('pure.test.ts', "import t from 'tap'\nimport { x } from '../../schemas/domain/cents.ts'\n")), 'unit', 'tap and product modules only')
  t.equal(tierOf(file('server.test.ts', "import t from 'tap'\nimport Fastify from 'fastify'\n")), 'service', 'a server')
  t.equal(tierOf(file('spawn.test.ts', "import { spawn } from 'node:child_process'\n")), 'service', 'a child process')
  // Split, so that this file's own text holds no dynamic import of pg (the reading is textual).
  t.equal(tierOf(file('dynamic.test.ts', 'const pg = await imp' + "ort('pg')\n")), 'service', 'a dynamic import')
  t.equal(tierOf(file('chrome.test.ts', "import { Fastify } from 'fastify'\nimport { chromium } from 'playwright-core'\n")), 'browser', 'a browser outranks a server')
  t.equal(tierOf(here('../e2e/smoke.test.ts')), 'browser', 'a file under tests/e2e')
  t.equal(tierOf(here('../schemas/domain/cents.test.ts')), 'unit', 'a rule\'s test')
  t.equal(tierOf(file('helper.test.ts', `import { freshDb } from '${here('./db.ts')}'\n`)), 'service', 'through a test helper that opens a database')
})

t.test('every tap file is in exactly one tier', async (t) => {
  const all = (testFiles() as string[]).length
  const tiers = (TIERS as string[]).map((tier) => filesOf(tier) as string[])
  t.equal(tiers.reduce((n, files) => n + files.length, 0), all, `${all} files`)
  t.ok(tiers.every((files) => files.length > 0), 'no tier is empty')
  t.ok(tiers[0]?.includes('tests/helpers/tiers.test.ts'), 'this file is a unit test')
})
