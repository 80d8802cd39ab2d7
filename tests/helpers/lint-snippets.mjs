// Lints code snippets as if they sat at the given paths, and prints each one's messages as JSON.
// It runs in a plain Node process: tsx's require hook, which tap loads tests through, cannot resolve ESLint's ESM-only dependencies.
import { ESLint } from 'eslint'
import { text } from 'node:stream/consumers'

const snippets = JSON.parse(await text(process.stdin))
const eslint = new ESLint({ cwd: process.cwd() })
const results = await Promise.all(snippets.map(async ({ path, code }) => (await eslint.lintText(code, { filePath: path }))[0]?.messages ?? []))
process.stdout.write(JSON.stringify(results))
