// The member headers of an LHA (.lzh) archive, read before lha extracts anything: lha silently strips a member's '..'
// and leading '/', so the names as stored are read here to refuse such an archive, and the sizes the headers claim bound
// what extracting may write (a member is decoded to exactly its header's original size, or lha fails).

/** One member as its header stores it: its path ('/' between folders), method (-lh5-; -lhd- for a folder or link), original size. */
export interface LhaMember { path: string, method: string, size: number }

/** Why the bytes are not an archive these headers can be read from (English, for logs and the refusal's data). */
export class LhaHeaderProblem extends Error {}

const METHOD = /^-(lh[0-7d]|lz[s45]|pm[0-2s])-$/

/** A stored name with its folder separators (0xFF in extended headers, '\' from MS-DOS) made '/'. */
const pathOf = (bytes: Buffer) => bytes.toString('latin1').replace(/[\u00ff\\]/g, '/')

/** The file name and folder held by the extended headers (levels 1 and 2) from `at`, the first of `size` bytes, to `end`. */
function extended (b: Buffer, at: number, size: number, end: number): { name?: string, dir?: string } {
  const found: { name?: string, dir?: string } = {}
  while (size > 0) {
    // Each: a type byte, its data, then the next one's size (0 after the last).
    if (size < 3 || at + size > end) throw new LhaHeaderProblem('an extended header runs past its member')
    const data = b.subarray(at + 1, at + size - 2)
    if (b[at] === 0x01) found.name = pathOf(data)
    if (b[at] === 0x02) found.dir = pathOf(data).replace(/\/*$/, '/')
    const following = b.readUInt16LE(at + size - 2)
    at += size
    size = following
  }
  return found
}

/** One member's header at `at`: the member and where the next header starts. */
function header (b: Buffer, at: number): { member: LhaMember, next: number } {
  if (at + 26 > b.length) throw new LhaHeaderProblem(`a header at byte ${at} ends early`)
  const method = b.toString('latin1', at + 2, at + 7)
  if (!METHOD.test(method)) throw new LhaHeaderProblem(`byte ${at} does not start an LHA header`)
  const packed = b.readUInt32LE(at + 7)
  const size = b.readUInt32LE(at + 11)
  const level = b[at + 20]
  if (level === 0 || level === 1) {
    const end = at + 2 + (b[at] ?? 0)
    if (end > b.length || b.subarray(at + 2, end).reduce((sum, x) => (sum + x) & 0xff, 0) !== b[at + 1]) throw new LhaHeaderProblem(`the header at byte ${at} is damaged`)
    const nameLength = b[at + 21] ?? 0
    const name = pathOf(b.subarray(at + 22, at + 22 + nameLength))
    // Level 1's packed size counts its extended headers too; level 0 has none.
    const ext = level === 1 ? extended(b, end, b.readUInt16LE(end - 2), end + packed) : {}
    return { member: { path: (ext.dir ?? '') + (ext.name ?? name), method, size }, next: end + packed }
  }
  if (level === 2) {
    const end = at + b.readUInt16LE(at)
    const ext = extended(b, at + 26, b.readUInt16LE(at + 24), end)
    return { member: { path: (ext.dir ?? '') + (ext.name ?? ''), method, size }, next: end + packed }
  }
  throw new LhaHeaderProblem(`header level ${level ?? '?'} is not read (levels 0, 1 and 2 are)`)
}

/** Every member's header, in order; throws LhaHeaderProblem when the bytes are not such an archive. */
export function lhaMembers (archive: Buffer): LhaMember[] {
  const members: LhaMember[] = []
  let at = 0
  // The archive ends with a zero byte (or simply ends); some writers put a self-extractor or padding after it, never before.
  while (at < archive.length && archive[at] !== 0) {
    const { member, next } = header(archive, at)
    if (next > archive.length) throw new LhaHeaderProblem(`member ${JSON.stringify(member.path)} ends past the archive`)
    members.push(member)
    at = next
  }
  if (members.length === 0) throw new LhaHeaderProblem('no member header was found')
  return members
}

/** A member that would reach outside the folder it is extracted into: an absolute path, a drive, a '..' step, or a
 * symbolic link (Unix LHA stores one as a -lhd- entry named 'link|target', and a later member could be written through it). */
export const reachesOut = (m: LhaMember) => /^\/|^[a-z]:/i.test(m.path) || m.path.split('/').includes('..') || (m.method === '-lhd-' && m.path.includes('|'))

/** A folder entry: nothing to read as bets. */
export const isFolder = (m: LhaMember) => m.method === '-lhd-'
