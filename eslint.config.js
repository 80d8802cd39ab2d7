import neostandard from 'neostandard'
import importPlugin from 'eslint-plugin-import'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// The client's feature folders, read from disk so a new feature is fenced in without editing this file.
const features = readdirSync(new URL('./client/src/features/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
const client = (path) => `./client/src/${path}`

// neostandard with TypeScript support; generated and vendored output is not ours to lint.
export default [
  ...neostandard({ ts: true, ignores: ['dist/**', 'data/**', 'node_modules/**', '.tap/**', 'coverage/**'] }),
  {
    // A TypeBox schema and its Static type share one name on purpose; TypeScript itself rejects real redeclarations.
    rules: { '@typescript-eslint/no-redeclare': 'off', 'no-redeclare': 'off' }
  },
  {
    // The client's layers (as bulletproof-react enforces them): app → features → renderers → lib, and nothing upward or sideways.
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    // The plugin's pure-JS node resolver, taught TypeScript's extensions (for an import written without one).
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': ['error', {
        // Zones are read from the repository root whatever directory ESLint runs in.
        basePath: fileURLToPath(new URL('.', import.meta.url)),
        zones: [
          ...features.map((feature) => ({
            target: client(`features/${feature}`),
            from: client('features'),
            except: [`./${feature}`],
            message: 'Features do not import each other: move what both need to lib/ or components/.'
          })),
          { target: client('lib'), from: [client('app'), client('features'), client('renderers'), client('components')], message: 'lib/ is the bottom layer: it imports nothing above it.' },
          { target: client('components'), from: [client('app'), client('features'), client('renderers')], message: 'components/ may import lib/ only.' },
          { target: client('renderers'), from: [client('app'), client('features')], message: 'Renderers draw descriptors for any feature: they import lib/ and components/, never a feature or the app.' }
        ]
      }]
    }
  }
]
