// Reads an uploaded LHA (.lzh) archive with Debian's lhasa (`lha`, extract-only), which opens archives by path: the upload
// goes through a private temp folder, removed after. The headers are checked first (betting/rules/lha-headers.ts), so lha
// only ever extracts an archive whose members stay in that folder and are no larger than a bet file may be.
import { execFile } from 'node:child_process'
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { bettingErrors } from '../errors.ts'
import { LhaHeaderProblem, isFolder, lhaMembers, reachesOut, type LhaMember } from '../rules/lha-headers.ts'

/** The most bet files one archive may hold. */
export const MAX_ARCHIVE_MEMBERS = 20
// A damaged or hostile archive must not hold a request: lha is stopped after this long.
const LHA_TIMEOUT_MS = 20_000

/** The archive's files to read as bets, refused with a catalogued error when any would be unsafe or too large. */
function checkedMembers (archive: Buffer, maxBytes: number): LhaMember[] {
  let members: LhaMember[]
  try {
    members = lhaMembers(archive)
  } catch (error) {
    if (error instanceof LhaHeaderProblem) throw bettingErrors.lzhUnreadable().with({ data: [error.message] })
    throw error
  }
  const outside = members.find(reachesOut)
  if (outside) throw bettingErrors.lzhMemberPath(outside.path)
  const files = members.filter((m) => !isFolder(m))
  if (files.length === 0) throw bettingErrors.lzhEmpty()
  if (files.length > MAX_ARCHIVE_MEMBERS) throw bettingErrors.lzhTooMany(files.length, MAX_ARCHIVE_MEMBERS)
  // The zip-bomb guard: lha decodes a member to exactly the size its header claims, so a claim over the limit is refused unread.
  const large = files.find((m) => m.size > maxBytes)
  if (large) throw bettingErrors.lzhMemberLarge(large.path, large.size, maxBytes)
  return files
}

/** Runs lha with the arguments (never a shell); resolves with its exit failure, if any, as English for the refusal's data. */
function lha (args: string[]): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    execFile('lha', args, { timeout: LHA_TIMEOUT_MS, maxBuffer: 256 * 1024, windowsHide: true }, (error, _stdout, stderr) => {
      if (!error) return resolve(undefined)
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(bettingErrors.lzhNoReader())
      resolve(error.killed ? 'lha took too long' : `lha could not extract it: ${String(stderr).split('\n').find((l) => l.trim() !== '') ?? `exit ${String(error.code)}`}`)
    })
  })
}

/** Every regular file under dir, by path relative to it; anything else lha made (a link) is refused. */
async function filesUnder (dir: string, root = dir): Promise<string[]> {
  const found: string[] = []
  for (const name of await readdir(dir)) {
    const path = join(dir, name)
    const stat = await lstat(path)
    if (stat.isDirectory()) found.push(...await filesUnder(path, root))
    else if (stat.isFile()) found.push(relative(root, path))
    else throw bettingErrors.lzhMemberPath(relative(root, path))
  }
  return found
}

/** The archive's bet files (name as lha extracts it, bytes), in name order. */
export async function readLhaArchive (archive: Buffer, maxBytes: number): Promise<Array<{ name: string, content: Buffer }>> {
  const members = checkedMembers(archive, maxBytes)
  const dir = await mkdtemp(join(tmpdir(), 'ga-lzh-'))
  try {
    const path = join(dir, 'upload.lzh')
    const out = join(dir, 'out')
    await writeFile(path, archive, { mode: 0o600 })
    await mkdir(out, { mode: 0o700 })
    // x: extract, q: quiet, f: overwrite without asking (nothing may wait for an answer), w=: into out.
    const failed = await lha([`xqfw=${out}`, path])
    const names = (await filesUnder(out)).sort()
    const problem = failed ?? (names.length === members.length ? undefined : `${members.length} members gave ${names.length} files (two share a name)`)
    if (problem !== undefined) throw bettingErrors.lzhUnreadable().with({ data: [problem.replaceAll(dir, 'the archive')] })
    return await Promise.all(names.map(async (name) => {
      const content = await readFile(join(out, name))
      if (content.length > maxBytes) throw bettingErrors.lzhMemberLarge(name, content.length, maxBytes)
      return { name, content }
    }))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
