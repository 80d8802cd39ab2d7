import t from 'tap'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

// SQL lives in a domain's store/ (and the job runner's own tables in jobs/): dependency-cruiser cannot read a file's text, so this test does.
const repo = fileURLToPath(new URL('../../', import.meta.url))

/** A statement sent to the database: `.query(` or `.query<Row>(`. */
const QUERY = /\.query\s*(<|\()/
/** Where SQL may be written: any store/ folder, and the job runner (server/game-api/jobs/). */
const SQL_HOME = /(^|\/)store\/|^jobs\//

/** The TypeScript files under root (paths relative to it) that send SQL outside a store/ and the job runner. */
async function sqlOutsideStore (root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const found: string[] = []
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
    const path = relative(root, join(entry.parentPath, entry.name)).split('\\').join('/')
    if (SQL_HOME.test(path)) continue
    if (QUERY.test(await readFile(join(root, path), 'utf8'))) found.push(path)
  }
  return found.sort()
}

t.test('the game API sends SQL from store/ and the job runner only', async (t) => {
  t.same(await sqlOutsideStore(join(repo, 'server/game-api')), [])
})

t.test('a statement written in a route file is found; the same in a store or the runner is not', async (t) => {
  const root = await mkdtemp(join(tmpdir(), 'sql-home-'))
  t.teardown(() => rm(root, { recursive: true, force: true }))
  const files = {
    'risk/routes/probe.ts': "export const probe = (q) => q.query<{ n: number }>('SELECT 1 AS n')\n",
    'risk/api.ts': "export const probe = (q) => q.query('SELECT 1')\n",
    'risk/store/probe.ts': "export const probe = (q) => q.query('SELECT 1')\n",
    'jobs/runner.ts': "export const probe = (q) => q.query('SELECT 1')\n",
    'risk/rules/probe.ts': 'export const probe = (rows) => rows.length\n'
  }
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
  t.same(await sqlOutsideStore(root), ['risk/api.ts', 'risk/routes/probe.ts'])
})
