import t from 'tap'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { ESLint } from 'eslint'

// The client's layers are enforced by the lint rule in eslint.config.js: these snippets are linted as if they sat in the named files.
const repo = fileURLToPath(new URL('../../', import.meta.url))
const eslint = new ESLint({ cwd: repo })

/** The layer violations ESLint reports for a snippet at a path inside client/src. */
async function violations (path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repo, 'client/src', path) })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message)
}

t.test('a feature may not import another feature', async (t) => {
  const found = await violations('features/auth/Probe.tsx', "import { Sidebar } from '../shell/Sidebar.tsx'\nexport const probe = Sidebar\n")
  t.equal(found.length, 1)
  t.match(found[0], /Features do not import each other/)
})

t.test('lib/ may not import the layers above it', async (t) => {
  for (const [from, what] of [['../renderers/lib/useData.ts', 'useData'], ['../features/shell/Sidebar.tsx', 'Sidebar'], ['../app/boot.ts', 'applyMaintenance']]) {
    const found = await violations('lib/probe.ts', `import { ${what} } from '${from}'\nexport const probe = ${what}\n`)
    t.equal(found.length, 1, `lib → ${from}`)
    t.match(found[0], /lib\/ is the bottom layer/)
  }
})

t.test('renderers may not import a feature or the app', async (t) => {
  const found = await violations('renderers/table/Probe.tsx', "import { MenuPage } from '../../features/shell/MenuPage.tsx'\nexport const probe = MenuPage\n")
  t.equal(found.length, 1)
  t.match(found[0], /never a feature or the app/)
})

t.test('legal imports pass: a feature uses its own files, lib and the renderers; renderers use lib', async (t) => {
  t.same(await violations('features/auth/Probe.tsx', "import { withLocId } from './redirects.ts'\nimport { errorText } from '../../lib/errors.ts'\nimport { PageRenderer } from '../../renderers/PageRenderer.tsx'\nexport const probe = [withLocId, errorText, PageRenderer]\n"), [])
  t.same(await violations('renderers/table/Probe.tsx', "import { callData } from '../../lib/api.ts'\nexport const probe = callData\n"), [])
})
