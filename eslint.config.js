import neostandard from 'neostandard'

// neostandard with TypeScript support; generated and vendored output is not ours to lint.
export default [
  ...neostandard({ ts: true, ignores: ['dist/**', 'data/**', 'node_modules/**', '.tap/**', 'coverage/**'] })
]
