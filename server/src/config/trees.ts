// A config version as the menus/ tree in an archive, and an uploaded tree back to files: tar (nanotar) and zip (fflate), both
// in memory, as a tree is a few hundred kilobytes of JSON.
import { gunzipSync } from 'node:zlib'
import { unzipSync, zipSync } from 'fflate'
import { createTar, parseTar } from 'nanotar'
import type { FileMap } from '../../../schemas/config-versions.ts'
import { CataloguedError, configErrors } from '../errors.ts'

/** The archive formats a tree downloads as. */
export type TreeFormat = 'tar' | 'zip'

/** The folder a downloaded tree's files sit in, as in the repository. */
export const TREE_DIR = 'menus'

/** What an upload may hold: its body, its files unpacked, and how many (a version is about 80 files and 1 MB). */
export const TREE_LIMITS = { bodyBytes: 8 * 1024 * 1024, unpackedBytes: 16 * 1024 * 1024, files: 500 }

const encoder = new TextEncoder()
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** The tree of a version: each file at menus/<path>, sorted, stamped with the version's time. */
export function packTree (files: FileMap, format: TreeFormat, mtime: Date): Uint8Array {
  const entries = Object.keys(files).sort().map((path) => [`${TREE_DIR}/${path}`, encoder.encode(files[path] ?? '')] as const)
  if (format === 'zip') return zipSync(Object.fromEntries(entries.map(([name, data]) => [name, [data, { mtime }]])))
  return createTar(entries.map(([name, data]) => ({ name, data, attrs: { mode: '644', mtime: mtime.getTime(), uid: 0, gid: 0 } })))
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b

/** The files of an uploaded archive (zip, tar or gzipped tar), path inside it → bytes; folders left out. Refused when unreadable or too large. */
function archiveEntries (archive: Uint8Array): Array<[string, Uint8Array]> {
  if (archive.byteLength === 0) throw configErrors.CONFIG_TREE_UNREADABLE('the body is empty')
  try {
    if (isZip(archive)) {
      let unpacked = 0
      let count = 0
      // The sizes the zip declares are checked before anything is inflated (a small zip may inflate to gigabytes).
      const files = unzipSync(archive, {
        filter: (file) => {
          if (file.name.endsWith('/')) return false
          unpacked += file.originalSize
          count++
          if (count > TREE_LIMITS.files || unpacked > TREE_LIMITS.unpackedBytes) throw configErrors.CONFIG_TREE_TOO_LARGE(`over ${TREE_LIMITS.files} files or ${TREE_LIMITS.unpackedBytes / 1024 / 1024} MiB unpacked`)
          return true
        }
      })
      return Object.entries(files)
    }
    const tar = isGzip(archive) ? gunzipSync(archive, { maxOutputLength: TREE_LIMITS.unpackedBytes }) : archive
    // A copy that starts its own buffer: nanotar reads the buffer under the view.
    const items = parseTar(new Uint8Array(tar))
    if (items.length === 0) throw configErrors.CONFIG_TREE_UNREADABLE('no files in it: send a tar, tar.gz or zip of the menus/ folder')
    if (items.length > TREE_LIMITS.files) throw configErrors.CONFIG_TREE_TOO_LARGE(`${items.length} entries, over ${TREE_LIMITS.files}`)
    return items.filter((item) => item.type === 'file' || item.type === 'contiguousFile').map((item) => [item.name, item.data ?? new Uint8Array()])
  } catch (error) {
    if (error instanceof CataloguedError) throw error
    if (error instanceof RangeError && /maxOutputLength|buffer/i.test(error.message)) throw configErrors.CONFIG_TREE_TOO_LARGE(`over ${TREE_LIMITS.unpackedBytes / 1024 / 1024} MiB unpacked`)
    throw configErrors.CONFIG_TREE_UNREADABLE(error instanceof Error ? error.message : String(error))
  }
}

/**
 * The paths of an uploaded tree relative to the config directory: the one folder every file sits in (menus/, or the name a
 * zip tool gave it) is taken off, unless the files sit at the top (menu.json beside pages/).
 */
export function treeRelative (paths: readonly string[]): (path: string) => string {
  const clean = (path: string) => path.replace(/^(\.\/)+/, '')
  const tops = new Set(paths.map((p) => clean(p).split('/')[0]))
  const [top] = tops
  const folder = tops.size === 1 && top !== undefined && paths.every((p) => clean(p).includes('/')) && !['pages', 'columns', 'fragments', 'i18n'].includes(top) ? `${top}/` : ''
  return (path) => clean(path).slice(folder.length)
}

/** An uploaded archive's files, path relative to the config directory → text (UTF-8, refused otherwise). Paths are not checked here: the draft's save checks them. */
export function unpackTree (archive: Uint8Array): Record<string, string> {
  const entries = archiveEntries(archive)
  if (entries.length === 0) throw configErrors.CONFIG_TREE_UNREADABLE('no files in it: send a tar, tar.gz or zip of the menus/ folder')
  const relative = treeRelative(entries.map(([name]) => name))
  const files: Record<string, string> = {}
  for (const [name, data] of entries) {
    try {
      files[relative(name)] = strictUtf8.decode(data)
    } catch {
      throw configErrors.CONFIG_TREE_UNREADABLE(`${name} is not UTF-8 text`)
    }
  }
  return files
}
