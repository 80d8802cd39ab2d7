import t from 'tap'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

// The client's layers are enforced by the lint rule in eslint.config.js: these snippets are linted as if they sat in the named files.
const repo = fileURLToPath(new URL('../../', import.meta.url))
const snippets = {
  featureToFeature: ['features/auth/Probe.tsx', "import { Sidebar } from '../shell/Sidebar.tsx'\nexport const probe = Sidebar\n"],
  libToRenderers: ['lib/probe.ts', "import { useData } from '../renderers/lib/useData.ts'\nexport const probe = useData\n"],
  libToFeatures: ['lib/probe.ts', "import { Sidebar } from '../features/shell/Sidebar.tsx'\nexport const probe = Sidebar\n"],
  libToApp: ['lib/probe.ts', "import { applyMaintenance } from '../app/boot.ts'\nexport const probe = applyMaintenance\n"],
  rendererToFeature: ['renderers/table/Probe.tsx', "import { MenuPage } from '../../features/shell/MenuPage.tsx'\nexport const probe = MenuPage\n"],
  featureLegal: ['features/auth/Probe.tsx', "import { withLocId } from './redirects.ts'\nimport { errorText } from '../../lib/errors.ts'\nimport { PageRenderer } from '../../renderers/PageRenderer.tsx'\nexport const probe = [withLocId, errorText, PageRenderer]\n"],
  rendererLegal: ['renderers/table/Probe.tsx', "import { callData } from '../../lib/api.ts'\nexport const probe = callData\n"]
} satisfies Record<string, [string, string]>

// All snippets are linted at once in a child process (see tests/helpers/lint-snippets.mjs); each keeps its layer violations.
const input = JSON.stringify(Object.values(snippets).map(([path, code]) => ({ path: join(repo, 'client/src', path), code })))
const output: Array<Array<{ ruleId: string | null, message: string }>> = JSON.parse(execFileSync(process.execPath, [join(repo, 'tests/helpers/lint-snippets.mjs')], { cwd: repo, input, encoding: 'utf8' }))
const found = Object.fromEntries(Object.keys(snippets).map((name, i) => [name, output[i]!.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message)])) as Record<keyof typeof snippets, string[]>

t.test('a feature may not import another feature', async (t) => {
  t.equal(found.featureToFeature.length, 1)
  t.match(found.featureToFeature[0], /Features do not import each other/)
})

t.test('lib/ may not import the layers above it', async (t) => {
  for (const name of ['libToRenderers', 'libToFeatures', 'libToApp'] as const) {
    t.equal(found[name].length, 1, name)
    t.match(found[name][0], /lib\/ is the bottom layer/)
  }
})

t.test('renderers may not import a feature or the app', async (t) => {
  t.equal(found.rendererToFeature.length, 1)
  t.match(found.rendererToFeature[0], /never a feature or the app/)
})

t.test('legal imports pass: a feature uses its own files, lib and the renderers; renderers use lib', async (t) => {
  t.same(found.featureLegal, [])
  t.same(found.rendererLegal, [])
})
