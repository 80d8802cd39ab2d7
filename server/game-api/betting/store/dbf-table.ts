// Reads an uploaded dBase (.dbf) table with the dbffile reader, which opens files by path: the upload goes through a private temp file.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DBFFile } from 'dbffile'

/** The table's column names and its live rows (deleted rows skipped); throws when the bytes are not a dBase table. */
export async function readDbfTable (content: Buffer): Promise<{ fields: string[], records: Array<Record<string, unknown>> }> {
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
