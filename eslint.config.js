import neostandard from 'neostandard'

// neostandard with TypeScript support; generated and vendored output is not ours to lint. Import boundaries: .dependency-cruiser.cjs.
export default [
  ...neostandard({ ts: true, ignores: ['dist/**', 'data/**', 'node_modules/**', '.tap/**', 'coverage/**'] }),
  {
    // A TypeBox schema and its Static type share one name on purpose; TypeScript itself rejects real redeclarations.
    rules: { '@typescript-eslint/no-redeclare': 'off', 'no-redeclare': 'off' }
  }
]
