import t from 'tap'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DBFFile, type FieldDescriptor } from 'dbffile'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../support.ts'
import { sendFile, upload, waitForJob } from '../upload-support.ts'

// The legacy dBase upload format (LHA archives: files-lzh.test.ts) and batch labels on uploaded files.
const h = await gameApiHarness(t, 'pglite')

/** A dBase table written by the same reader library, as the legacy desk exported it. */
async function dbfTable (fields: FieldDescriptor[], records: Array<Record<string, unknown>>): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'g3-dbf-'))
  try {
    const table = await DBFFile.create(join(dir, 'bets.dbf'), fields)
    await table.appendRecords(records)
    return await readFile(join(dir, 'bets.dbf'))
  } finally { await rm(dir, { recursive: true, force: true }) }
}

const send = async (url: string, token: string, fields: Record<string, string>, name: string, content: Buffer) => sendFile(h, url, token, fields, name, content)

t.test('dbf: columns mapped to bet lines and placed by the upload job; bad tables refused', async (t) => {
  const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['ag1', 'mem1'])
  const columns: FieldDescriptor[] = [{ name: 'USERID', type: 'C', size: 20 }, { name: 'DAYCODE', type: 'C', size: 4 }, { name: 'NUMBER', type: 'C', size: 4 }, { name: 'BIG', type: 'N', size: 6, decimalPlaces: 2 }, { name: 'SMALL', type: 'N', size: 6, decimalPlaces: 2 }]
  const table = await dbfTable(columns, [{ USERID: 'mem1', DAYCODE: '3', NUMBER: '1234', BIG: 1, SMALL: 0 }, { USERID: 'mem1', DAYCODE: '3', NUMBER: '5678', BIG: 0, SMALL: 2 }])
  const up = await send('/api/v1/4d/files/upload/dbf', tokens.ag1, { UserId: 'ag1', Batch: 'desk A' }, 'bets.dbf', table)
  t.equal(up.status, 200, JSON.stringify(up.body))
  t.match(up.body.data, { FileName: 'bets.dbf', Lines: 2, Batch: 'desk A', FileStatus: 'uploaded' })
  t.equal((await api(h, 'POST', `/api/v1/4d/files/processUpload/${up.body.data.FileId}`, tokens.ag1)).status, 200)
  const { last } = await waitForJob(h, tokens.ag1, '4d', up.body.data.FileId)
  t.match(last, { Status: 'done', Placed: 2, Failed: 0 }, 'both rows placed as bets')

  const wrong = await send('/api/v1/4d/files/upload/dbf', tokens.ag1, {}, 'x.dbf', await dbfTable([{ name: 'NAME', type: 'C', size: 10 }], [{ NAME: 'x' }]))
  t.match(wrong, { status: 400, body: { code: 'GA_FILE_NOT_DBF', message: /needs a TEXT column, or USERID, DAYCODE, NUMBER/ } }, 'a table without bet columns names the columns it needs')
  const notDbf = await send('/api/v1/4d/files/upload/dbf', tokens.ag1, {}, 'x.dbf', Buffer.from('mem1 3 1234 1-\n'))
  t.match(notDbf, { status: 400, body: { code: 'GA_FILE_NOT_DBF' } }, 'text is not a dBase table')
  t.notMatch(JSON.stringify(notDbf.body), /tmp|ga-dbf/, 'no server path in the refusal')
  const cut = await send('/api/v1/4d/files/upload/dbf', tokens.ag1, {}, 'x.dbf', table.subarray(0, table.length - 20))
  t.match(cut, { status: 400, body: { code: 'GA_FILE_NOT_DBF', message: /cut short: its header promises 2 rows/ } }, 'a table cut short is refused, not stored with the reader\'s NUL bytes')
  const { dbfBetLines } = await import('../../../../server/game-api/betting/rules/dbf-lines.ts')
  t.same(dbfBetLines(['TEXT'], [{ TEXT: 'mem1 3 12\u000034 1-' }]), { problem: 'row 1 holds bytes that are not text' }, 'a row with a NUL byte is no bet text')
  const other = await send('/api/v1/4d/files/upload/dbf', tokens.mem1, { UserId: 'ag1' }, 'x.dbf', table)
  t.equal(other.status, 403, 'not for an upline')
})

t.test('updateFilesBatchByFileId: batch label and rename, all-or-nothing, downline gate', async (t) => {
  const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['ag1', 'ag2', 'admin'])
  const a = (await upload(h, tokens.ag1, '4d', {}, 'mem1 3 1111 1-')).body.data.FileId
  const b = (await upload(h, tokens.ag1, '4d', {}, 'mem1 3 2222 1-')).body.data.FileId
  const labelled = await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { FileIds: [b, a], Batch: ' Monday ' })
  t.equal(labelled.status, 200, JSON.stringify(labelled.body))
  t.same(labelled.body.data.map((f: { FileId: number, Batch: string }) => [f.FileId, f.Batch]), [[a, 'Monday'], [b, 'Monday']])
  t.match((await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { FileIds: [a], Batch: 'Tuesday', FileName: 'monday.txt' })).body.data, [{ FileId: a, Batch: 'Tuesday', FileName: 'monday.txt' }])
  t.match(await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { FileIds: [a, b], Batch: 'x', FileName: 'y' }), { status: 400, body: { code: 'GA_FILE_RENAME_ONE' } })
  const missing = await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { FileIds: [a, 999999], Batch: 'lost' })
  t.match(missing, { status: 404, body: { code: 'GA_FILES_NOT_FOUND', params: ['999999'] } })
  t.match(await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { FileIds: [], Batch: 'x' }), { status: 400 }, 'no file: refused by the schema')
  // A files list row's dialog names its one file by FileId.
  t.match((await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { FileId: a, Batch: 'Row', FileName: 'row.txt' })).body.data, [{ FileId: a, Batch: 'Row', FileName: 'row.txt' }])
  t.match(await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { FileId: a, FileIds: [b], Batch: 'x' }), { status: 400, body: { code: 'GA_FILES_WHICH' } }, 'FileId and FileIds: refused')
  t.match(await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { Batch: 'x' }), { status: 400, body: { code: 'GA_FILES_WHICH' } }, 'neither: refused')
  t.match(await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { FileId: 0, Batch: 'x' }), { status: 400 }, 'FileId 0: refused by the schema')
  t.equal((await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag2, { FileId: a, Batch: 'theirs' })).status, 403, 'another branch may not relabel it by FileId either')
  t.match(await api(h, 'PUT', '/api/v1/tt/files/updateFilesBatchByFileId', tokens.ag1, { FileIds: [a], Batch: 'x' }), { status: 404 }, 'a 4D file is not found under the TOTO prefix')
  t.equal((await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag2, { FileIds: [a], Batch: 'theirs' })).status, 403, 'another branch may not relabel it')
  const files = (await api(h, 'GET', '/api/v1/4d/files?UserId=ag1', tokens.ag1)).body.data as Array<{ FileId: number, Batch: string }>
  t.equal(files.find((f) => f.FileId === b)?.Batch, 'Monday', 'nothing changed by the refused calls')
})
