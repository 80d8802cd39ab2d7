import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../../', import.meta.url))

/** One breach the cruiser reported: the rule's name and the module it starts from. */
export interface Breach { rule: string, from: string, to: string }

/**
 * Runs dependency-cruiser with the repository's own config (.dependency-cruiser.cjs) over a throwaway tree laid out like
 * the repository (paths such as 'server/src/a.ts' → source), as `npm run checks` runs it; answers its exit code and breaches.
 */
export async function cruiseTree (files: Record<string, string>): Promise<{ exitCode: number, breaches: Breach[], output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'cruise-'))
  try {
    for (const [path, source] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true })
      await writeFile(join(dir, path), source)
    }
    const roots = [...new Set(Object.keys(files).map((path) => path.split('/')[0]!))]
    const args = ['--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'err', ...roots]
    const { exitCode, output } = await new Promise<{ exitCode: number, output: string }>((resolve) => {
      execFile(join(repo, 'node_modules/.bin/depcruise'), args, { cwd: dir }, (error, stdout, stderr) => {
        resolve({ exitCode: error ? Number(error.code ?? 1) : 0, output: stdout + stderr })
      })
    })
    // "error <rule>: <from> → <to>" (a cycle lists its modules on the lines after, each ending in →).
    const breaches = [...output.matchAll(/error (\S+): (\S+) →\s+(\S+)/g)].map(([, rule, from, to]) => ({ rule: rule!, from: from!, to: to! }))
    return { exitCode, breaches, output }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
