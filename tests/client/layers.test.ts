import t from 'tap'
import { cruiseTree } from '../helpers/cruise.ts'

// The client's layers (app → features → renderers → components → lib) are dependency-cruiser rules (.dependency-cruiser.cjs),
// run by `npm run checks`: these probes sit in a throwaway tree laid out like client/src, each breaking one rule or keeping to them.
const targets = Object.fromEntries([
  'features/shell/Sidebar.tsx', 'features/shell/MenuPage.tsx', 'features/auth/redirects.ts', 'app/boot.ts',
  'renderers/lib/useData.ts', 'renderers/PageRenderer.tsx', 'components/Field.tsx', 'lib/errors.ts', 'lib/api.ts'
].map((path) => [`client/src/${path}`, 'export const value = 1\n']))
const importing = (...paths: string[]) => `${paths.map((p, i) => `import { value as v${i} } from '${p}'`).join('\n')}\nexport const probe = [${paths.map((_, i) => `v${i}`).join(', ')}]\n`
const probes = {
  'features/auth/ToFeature.tsx': importing('../shell/Sidebar.tsx'),
  'lib/to-renderers.ts': importing('../renderers/lib/useData.ts'),
  'lib/to-features.ts': importing('../features/shell/Sidebar.tsx'),
  'lib/to-app.ts': importing('../app/boot.ts'),
  'lib/to-components.ts': importing('../components/Field.tsx'),
  'components/ToRenderers.tsx': importing('../renderers/PageRenderer.tsx'),
  'renderers/table/ToFeature.tsx': importing('../../features/shell/MenuPage.tsx'),
  'renderers/table/ToApp.tsx': importing('../../app/boot.ts'),
  // Legal: a feature uses its own files, lib, components and the renderers; renderers use lib and components; the app uses features.
  'features/auth/Legal.tsx': importing('./redirects.ts', '../../lib/errors.ts', '../../renderers/PageRenderer.tsx', '../../components/Field.tsx'),
  'renderers/table/Legal.tsx': importing('../../lib/api.ts', '../../components/Field.tsx'),
  'components/Legal.tsx': importing('../lib/api.ts'),
  'app/Legal.tsx': importing('../features/shell/MenuPage.tsx', '../renderers/PageRenderer.tsx')
}

t.test('each layer breach is named with its rule; the legal imports pass', async (t) => {
  const { exitCode, breaches, output } = await cruiseTree({ ...targets, ...Object.fromEntries(Object.entries(probes).map(([path, code]) => [`client/src/${path}`, code])) })
  t.not(exitCode, 0, 'the check fails')
  t.same(breaches.map((b) => `${b.rule} ${b.from.replace('client/src/', '')} → ${b.to.replace('client/src/', '')}`).sort(), [
    'client-components-import-lib-only components/ToRenderers.tsx → renderers/PageRenderer.tsx',
    'client-feature-imports-no-feature features/auth/ToFeature.tsx → features/shell/Sidebar.tsx',
    'client-lib-imports-nothing-above lib/to-app.ts → app/boot.ts',
    'client-lib-imports-nothing-above lib/to-components.ts → components/Field.tsx',
    'client-lib-imports-nothing-above lib/to-features.ts → features/shell/Sidebar.tsx',
    'client-lib-imports-nothing-above lib/to-renderers.ts → renderers/lib/useData.ts',
    'client-renderers-import-no-feature renderers/table/ToApp.tsx → app/boot.ts',
    'client-renderers-import-no-feature renderers/table/ToFeature.tsx → features/shell/MenuPage.tsx'
  ], output)
})
