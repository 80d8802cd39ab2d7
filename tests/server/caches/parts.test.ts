import t from 'tap'
import { parseInvalidationMessage } from '../../../server/src/caches/invalidation.ts'
import { SessionReads, type ReadScope } from '../../../server/src/caches/session-reads.ts'
import { ResolvedPages, PATHS_PER_CONTEXT, type ResolvedEntry } from '../../../server/src/caches/resolved-pages.ts'
import { invalidationsOf } from '../../../server/src/caches/write-effects.ts'

// The cache owner's parts without a server: what a message may say, and what each invalidation drops from the session reads.

t.test('a message is read only when every part of it is an invalidation', async (t) => {
  const batch = [{ kind: 'answers' }, { kind: 'user', userId: 'mem1' }, { kind: 'session', tokenKey: 'k', scope: 'profile' }, { kind: 'location', locId: 'SG' }, { kind: 'config', version: 'v2' }, { kind: 'all' }]
  t.same(parseInvalidationMessage(JSON.stringify({ from: 'a', batch })), { from: 'a', batch })
  for (const bad of ['', 'not json', 'null', '[]', '{"from":"a","batch":[]}', '{"batch":[{"kind":"all"}]}', '{"from":"a","batch":[{"kind":"drop tables"}]}',
    '{"from":"a","batch":[{"kind":"user"}]}', '{"from":"a","batch":[{"kind":"session","tokenKey":"k","scope":"everything"}]}', '{"from":"a","batch":[{"kind":"all"},{"kind":"user","userId":7}]}',
    JSON.stringify({ from: 'a', batch: Array(101).fill({ kind: 'all' }) })]) {
    t.equal(parseInvalidationMessage(bad), undefined, bad.slice(0, 80))
  }
})

t.test('session reads: one read for concurrent callers, a failure not kept, and each forget drops only what it names', async (t) => {
  const reads = new SessionReads(30)
  t.teardown(() => reads.close())
  let calls = 0
  const read = async () => { calls++; return { n: calls } }
  const mem1: ReadScope = { tokenKey: 't1', userId: 'mem1' }
  const [a, b] = await Promise.all([reads.cached(mem1, 'profile', read), reads.cached(mem1, 'profile', read)])
  t.equal(a, b, 'concurrent callers share one read')
  t.equal(calls, 1)
  await t.rejects(reads.cached(mem1, 'locations', async () => { throw new Error('down') }))
  t.same(await reads.cached(mem1, 'locations', async () => ['SG']), ['SG'], 'a failed read is read again')

  const entries: Array<[ReadScope, string]> = [
    [mem1, 'profile'], [{ ...mem1, locId: 'SG' }, 'settings'], [{ ...mem1, locId: 'MY' }, 'settings'],
    [{ tokenKey: 't2', userId: 'mem1' }, 'profile'],
    [{ tokenKey: 't3', userId: 'sup1', previewOf: 'mem1' }, 'profile'], [{ tokenKey: 't3', userId: 'sup1' }, 'profile'],
    [{ tokenKey: 't4', userId: 'ag1', locId: 'SG' }, 'settings']
  ]
  const fill = () => { reads.forgetAll(); for (const [scope, name] of entries) reads.put(scope, name, 'x') }
  fill()
  t.equal(reads.size, 7)
  reads.forgetUser('mem1')
  t.equal(reads.size, 2, 'every session of mem1 and every preview of mem1; sup1\'s own read and ag1 stay')
  fill()
  reads.forgetLocation('SG')
  t.equal(reads.size, 5, 'the reads at SG, in every session')
  fill()
  reads.forgetSession('t1')
  t.equal(reads.size, 4, 'the three reads of that session')
  fill()
  reads.markProfileStale('t2')
  reads.takeStaleProfile({ tokenKey: 't1', userId: 'mem1' }, 'profile')
  t.equal(reads.size, 7, 'another session\'s mark drops nothing')
  reads.takeStaleProfile({ tokenKey: 't2', userId: 'mem1' }, 'profile')
  t.equal(reads.size, 6, 'the marked session\'s profile is read again, once')
  reads.put({ tokenKey: 't2', userId: 'mem1' }, 'profile', 'y')
  reads.takeStaleProfile({ tokenKey: 't2', userId: 'mem1' }, 'profile')
  t.equal(reads.size, 7, 'the mark was taken')
})

t.test('resolved pages: one resolve per config, context and path; the oldest path goes first; forgetAll resolves again', async (t) => {
  const pages = new ResolvedPages()
  const config = {}
  const ctx = {}
  let resolves = 0
  const resolve = (): ResolvedEntry => { resolves++; return { status: 'ok', json: String(resolves) } }
  const first = pages.get(config, ctx, '/a', resolve)
  t.equal(pages.get(config, ctx, '/a', resolve), first)
  t.not(pages.get({}, ctx, '/a', resolve), first, 'another config resolves again')
  t.not(pages.get(config, {}, '/a', resolve), first, 'another rule context resolves again')
  for (let i = 0; i < PATHS_PER_CONTEXT; i++) pages.get(config, ctx, `/p${i}`, resolve)
  const before = resolves
  pages.get(config, ctx, '/a', resolve)
  t.equal(resolves, before + 1, 'the oldest path made room for the newer ones')
  pages.forgetAll()
  pages.get(config, ctx, '/p63', resolve)
  t.equal(resolves, before + 2)
})

t.test('what a write drops: answers always, everything after Clear Cache, the writer\'s profile, named users and the location after a success', async (t) => {
  const write = { status: 200, url: '/api/v1/4d/agents/credit?LocId=SG', clearsCaches: false, tokenKey: 'tk', locId: 'SG', namedUsers: ['mem1', 'mem1', 'ag2'] }
  t.same(invalidationsOf(write), [{ kind: 'answers' }, { kind: 'session', tokenKey: 'tk', scope: 'profile' }, { kind: 'user', userId: 'mem1' }, { kind: 'user', userId: 'ag2' }])
  t.same(invalidationsOf({ ...write, status: 403 }), [{ kind: 'answers' }, { kind: 'session', tokenKey: 'tk', scope: 'profile' }], 'a refused write names no one')
  t.same(invalidationsOf({ ...write, url: '/api/v1/4d/cache/clear?LocId=SG', clearsCaches: true, namedUsers: [] }), [{ kind: 'all' }, { kind: 'session', tokenKey: 'tk', scope: 'profile' }])
  t.same(invalidationsOf({ ...write, url: '/api/v1/4d/cache/clear', clearsCaches: true, status: 500, namedUsers: [] })[0], { kind: 'answers' }, 'a failed Clear Cache clears only answers')
  t.same(invalidationsOf({ status: 200, url: '/api/v1/status', clearsCaches: false, namedUsers: [] }), [{ kind: 'answers' }], 'a public call has no session')
  for (const url of ['/api/v1/4d/draw/12/close?LocId=SG', '/api/v1/tt/draw?LocId=SG', '/api/v1/4d/draw/series?LocId=SG', '/api/v1/4d/dSMSSetting?LocId=SG', '/api/v1/4d/maintenance?LocId=SG']) {
    t.same(invalidationsOf({ ...write, url, namedUsers: [] }).at(-1), { kind: 'location', locId: 'SG' }, url)
  }
  for (const url of ['/api/v1/4d/drawings?LocId=SG', '/api/v1/4d/bet?LocId=SG', '/api/v1/password']) {
    t.notOk(invalidationsOf({ ...write, url, namedUsers: [] }).some((i) => i.kind === 'location'), url)
  }
})
