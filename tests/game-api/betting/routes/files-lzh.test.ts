import t from 'tap'
import { readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../support.ts'
import { sendFile, waitForJob } from '../upload-support.ts'
import { lzhArchive } from '../lzh-support.ts'

// LHA (.lzh) bet archives, read with Debian's lhasa: each file in one becomes a bet file as a text upload would, and an
// archive that is damaged, too big, or reaches outside its folder is refused whole, with nothing stored or left on disk.
const h = await gameApiHarness(t, 'pglite')
const LZH = '/api/v1/4d/files/upload/lzh'
const fixture = (name: string) => readFile(new URL(`../fixtures/${name}`, import.meta.url))
const leftovers = async () => (await readdir(tmpdir())).filter((n) => n.startsWith('ga-lzh-'))
const fileCount = async (token: string) => (await api(h, 'GET', '/api/v1/4d/files?UserId=ag1', token)).body.data.length as number

t.test('an archive of two bet files: two files with their lines, both placed by the upload job', async (t) => {
  const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['ag1'])
  const up = await sendFile(h, LZH, tokens.ag1, { UserId: 'ag1', Batch: 'desks' }, 'two-desks.lzh', await fixture('two-desks.lzh'))
  t.equal(up.status, 200, JSON.stringify(up.body))
  // lha writes an all-capitals MS-DOS name in lower case, as LHA for UNIX does; the level-2 member keeps its folder.
  t.match(up.body.data, [{ FileName: 'desk1.txt', Lines: 2, Batch: 'desks', FileStatus: 'uploaded', UserId: 'ag1' }, { FileName: 'monday/desk2.txt', Lines: 1, Batch: 'desks' }])
  t.equal(up.body.data.length, 2)
  for (const [file, placed] of [[up.body.data[0], 2], [up.body.data[1], 1]] as const) {
    t.equal((await api(h, 'POST', `/api/v1/4d/files/processUpload/${file.FileId}`, tokens.ag1)).status, 200)
    t.match((await waitForJob(h, tokens.ag1, '4d', file.FileId)).last, { Status: 'done', Placed: placed, Failed: 0 }, `${file.FileName as string}: every line placed`)
  }
  t.same(await leftovers(), [], 'the temp folder is removed')
})

t.test('a member reaching outside the folder: refused by its stored name, nothing stored', async (t) => {
  const ag1 = await h.signIn('ag1')
  const before = await fileCount(ag1)
  // lha itself would quietly write ../../evil.txt as evil.txt: the stored name is what is refused.
  t.match(await sendFile(h, LZH, ag1, {}, 'traversal.lzh', await fixture('traversal.lzh')),
    { status: 400, body: { code: 'GA_LZH_MEMBER_PATH', params: ['../../evil.txt'], message: /"\.\.\/\.\.\/evil\.txt" in the archive points outside it/ } })
  const folder = lzhArchive([{ name: 'x.txt', dir: 'desk/../../', level: 2, content: 'mem1 3 1234 1-\n' }])
  t.match(await sendFile(h, LZH, ag1, {}, 'x.lzh', folder), { status: 400, body: { code: 'GA_LZH_MEMBER_PATH', params: ['desk/../../x.txt'] } }, 'a .. in a level-2 folder header')
  const link = lzhArchive([{ name: 'desk|/etc', method: '-lhd-', content: '' }, { name: 'desk/passwd', content: 'x' }])
  t.match(await sendFile(h, LZH, ag1, {}, 'x.lzh', link), { status: 400, body: { code: 'GA_LZH_MEMBER_PATH', params: ['desk|/etc'] } }, 'a symbolic link')
  t.match(await sendFile(h, LZH, ag1, {}, 'x.lzh', lzhArchive([{ name: '/etc/cron.d/x', content: 'x' }])), { status: 400, body: { code: 'GA_LZH_MEMBER_PATH' } }, 'an absolute path')
  t.equal(await fileCount(ag1), before, 'no file stored')
})

t.test('bad archives: a clear 400 each, nothing stored, no server path shown, no temp folder left', async (t) => {
  const ag1 = await h.signIn('ag1')
  const before = await fileCount(ag1)
  const junk = await sendFile(h, LZH, ag1, {}, 'bets.lzh', Buffer.from('mem1 3 1234 1-\n'))
  t.match(junk, { status: 400, body: { code: 'GA_LZH_UNREADABLE', message: /not an LHA \(\.lzh\) archive that can be read/ } }, 'text is not an archive')
  const damaged = Buffer.from(await fixture('two-desks.lzh'))
  damaged[40] = (damaged[40] ?? 0) ^ 0xff
  const crc = await sendFile(h, LZH, ag1, {}, 'bets.lzh', damaged)
  t.match(crc, { status: 400, body: { code: 'GA_LZH_UNREADABLE', data: ['lha could not extract it: exit 1'] } }, 'a member whose bytes fail their CRC: lha refuses it')
  t.notMatch(JSON.stringify(crc.body), /ga-lzh-|\/tmp/, 'no server path in the refusal')
  t.match(await sendFile(h, LZH, ag1, {}, 'bets.lzh', lzhArchive([{ name: 'a.txt', content: 'mem1 3 1234 1-\n' }]).subarray(0, 30)), { status: 400, body: { code: 'GA_LZH_UNREADABLE' } }, 'a cut-off archive')
  const many = lzhArchive(Array.from({ length: 21 }, (_, i) => ({ name: `d${i}.txt`, content: 'mem1 3 1234 1-\n' })))
  t.match(await sendFile(h, LZH, ag1, {}, 'bets.lzh', many), { status: 400, body: { code: 'GA_LZH_TOO_MANY', params: ['21', '20'] } }, 'too many members')
  const bomb = lzhArchive([{ name: 'big.txt', content: 'mem1 3 1234 1-\n', size: 50 * 1024 * 1024 }])
  t.match(await sendFile(h, LZH, ag1, {}, 'bets.lzh', bomb), { status: 400, body: { code: 'GA_LZH_MEMBER_LARGE', params: ['big.txt', String(50 * 1024 * 1024), String(1024 * 1024)] } }, 'a member claiming to unpack past the bet file limit: refused unread')
  const binary = lzhArchive([{ name: 'ok.txt', content: 'mem1 3 1234 1-\n' }, { name: 'logo.bmp', content: Buffer.from([0x42, 0x4d, 0, 0xff, 0xfe]) }])
  t.match(await sendFile(h, LZH, ag1, {}, 'bets.lzh', binary), { status: 400, body: { code: 'GA_LZH_MEMBER_NOT_TEXT', params: ['logo.bmp'] } }, 'a member that is not text refuses the archive')
  t.match(await sendFile(h, LZH, ag1, {}, 'bets.lzh', lzhArchive([{ name: 'desk', method: '-lhd-', content: '' }])), { status: 400, body: { code: 'GA_LZH_EMPTY' } }, 'only a folder')
  t.equal(await fileCount(ag1), before, 'no file stored')
  t.same(await leftovers(), [], 'every temp folder removed')
})

t.test('the uploader may upload for a downline only, as with a text upload', async (t) => {
  const mem1 = await h.signIn('mem1')
  t.equal((await sendFile(h, LZH, mem1, { UserId: 'ag1' }, 'two-desks.lzh', await fixture('two-desks.lzh'))).status, 403)
})

t.test('without lha installed: a 503 saying the server cannot read LHA archives', async (t) => {
  const ag1 = await h.signIn('ag1')
  const path = process.env.PATH
  // lha is looked up on PATH when it is run: an empty one is a server without lhasa.
  process.env.PATH = '/nonexistent'
  const r = await sendFile(h, LZH, ag1, {}, 'two-desks.lzh', await fixture('two-desks.lzh')).finally(() => { process.env.PATH = path })
  t.match(r, { status: 503, body: { code: 'GA_LZH_NO_READER', message: /cannot read LHA \(\.lzh\) archives: the lha program \(Debian package lhasa\) is not installed/ } })
  t.same(await leftovers(), [], 'the temp folder is removed')
})
