// LHA (.lzh) archives for the upload tests. Debian's lhasa only extracts and no npm package writes LHA, so this builds
// level-0 and level-2 headers with the stored method -lh0- (members kept uncompressed), which every LHA reader reads.
// `npx tsx tests/game-api/betting/lzh-support.ts` rewrites the committed fixtures in ./fixtures from the members below.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** A member: `level` 0 (MS-DOS, the default) or 2 (name in an extended header, `dir` its folder); `size` and `method` forge the header. */
export interface LzhMember { name: string, content: Buffer | string, level?: 0 | 2, dir?: string, size?: number, method?: string }

/** CRC-16/ARC (polynomial 0xA001 reflected, start 0), the checksum LHA keeps of each member's original bytes. */
function crc16 (data: Buffer): number {
  let crc = 0
  for (const byte of data) {
    crc ^= byte
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1
  }
  return crc
}

// 2026-01-05 10:00:00 as an MS-DOS date and time, so that the fixtures are the same bytes on every run.
const DOS_STAMP = ((2026 - 1980) << 25) | (1 << 21) | (5 << 16) | (10 << 11)

/** A level-2 header: the name (type 1) and folder (type 2, 0xFF between folders) as extended headers, each followed by the next one's size. */
function levelTwo (data: Buffer, { name, dir, size, method }: LzhMember): Buffer {
  const ext = (type: number, value: Buffer) => Buffer.concat([Buffer.from([type]), value])
  const exts = [ext(1, Buffer.from(name, 'latin1')), ...(dir === undefined ? [] : [ext(2, Buffer.from(dir.replaceAll('/', '\xff'), 'latin1'))])]
  const body = Buffer.concat(exts.map((e, i) => { const next = Buffer.alloc(2); next.writeUInt16LE(i + 1 < exts.length ? (exts[i + 1] as Buffer).length + 2 : 0); return Buffer.concat([e, next]) }))
  const header = Buffer.alloc(26)
  header.writeUInt16LE(26 + body.length, 0)
  header.write(method ?? '-lh0-', 2, 'latin1')
  header.writeUInt32LE(data.length, 7)
  header.writeUInt32LE(size ?? data.length, 11)
  header.writeUInt32LE(Date.UTC(2026, 0, 5, 2) / 1000, 15)
  header[19] = 0x20
  header[20] = 2
  header.writeUInt16LE(crc16(data), 21)
  header[23] = 'U'.charCodeAt(0)
  header.writeUInt16LE((exts[0] as Buffer).length + 2, 24)
  return Buffer.concat([header, body, data])
}

/** One member: its header, then its bytes stored as they are. */
function member (m: LzhMember): Buffer {
  const { name, content, size, method } = m
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8')
  if (m.level === 2) return levelTwo(data, m)
  const nameBytes = Buffer.from(name, 'latin1')
  const header = Buffer.alloc(24 + nameBytes.length)
  header.write(method ?? '-lh0-', 2, 'latin1')
  header.writeUInt32LE(data.length, 7)
  header.writeUInt32LE(size ?? data.length, 11)
  header.writeUInt32LE(DOS_STAMP >>> 0, 15)
  header[19] = 0x20 // archive attribute
  header[20] = 0 // header level 0
  header[21] = nameBytes.length
  nameBytes.copy(header, 22)
  header.writeUInt16LE(crc16(data), 22 + nameBytes.length)
  header[0] = header.length - 2
  header[1] = header.subarray(2).reduce((sum, b) => (sum + b) & 0xff, 0)
  return Buffer.concat([header, data])
}

/** An archive of the members in order, closed by the zero byte that ends an LHA archive. */
export function lzhArchive (members: LzhMember[]): Buffer {
  return Buffer.concat([...members.map(member), Buffer.from([0])])
}

/** The committed sample archives, by file name. */
export const fixtures: Record<string, LzhMember[]> = {
  // Two desks' bet files, one with an MS-DOS (level 0) header, one with a Unix (level 2) header in a folder.
  'two-desks.lzh': [
    { name: 'DESK1.TXT', content: 'mem1 3 1234 1-\r\nmem1 3 5678 0-2\r\n' },
    { name: 'desk2.txt', dir: 'monday/', level: 2, content: 'mem1 3 2468 2-1\n' }
  ],
  // A member named to land outside the folder it is extracted into.
  'traversal.lzh': [
    { name: 'DESK1.TXT', content: 'mem1 3 1234 1-\r\n' },
    { name: '../../evil.txt', content: 'mem1 3 1111 1-\r\n' }
  ]
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, members] of Object.entries(fixtures)) writeFileSync(new URL(`fixtures/${name}`, import.meta.url), lzhArchive(members))
}
