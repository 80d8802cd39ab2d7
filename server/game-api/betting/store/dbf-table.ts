// Reads an uploaded dBase (.dbf) table with the dbffile reader, which opens files by path: the upload goes through a private temp file.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DBFFile } from 'dbffile'

/** The table's column names and its live rows (deleted rows skipped); throws when the bytes are not a dBase table. */
export async function readDbfTable (content: Buffer): Promise<{ fields: string[], records: Array<Record<string, unknown>> }> {
  // The reader fills a cut-short file's missing rows with NUL bytes: refuse it by the sizes its header states (row count at
  // byte 4, header and row lengths at bytes 8 and 10).
  if (content.length >= 12) {
    const rows = content.readUInt32LE(4)
    const expected = content.readUInt16LE(8) + rows * content.readUInt16LE(10)
    if (content.length < expected) throw new Error(`the file is cut short: its header promises ${rows} rows in ${expected} bytes, and it has ${content.length}`)
  }
  const dir = await mkdtemp(join(tmpdir(), 'ga-dbf-'))
  try {
    const path = join(dir, 'upload.dbf')
    await writeFile(path, content, { mode: 0o600 })
    // loose: a memo or unknown column type is skipped rather than refusing the whole table.
    const table = await DBFFile.open(path, { readMode: 'loose' })
    return { fields: table.fields.map((f) => f.name), records: await table.readRecords() }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
