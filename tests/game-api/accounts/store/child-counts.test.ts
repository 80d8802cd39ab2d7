import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { directDownline, loadAccount, searchDownline } from '../../../../server/game-api/accounts/store/accounts.ts'

// Each row's Children (live users directly under it), now counted in one grouped pass, against a plain count per user
// (demo tree: admin > ag1 > ag2 > mem2; ag1 > mem1, mem3; plus agents added here with and without a downline).
// A name the JSON the database writes must escape: quotes, a backslash, a tab, and text beyond ASCII.
const ODD_NAME = 'Count "three" \\ \t 三'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const token = await h.signIn('ag1')
  const counted = async (id: string) => Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE parent_id = $1 AND deleted_at IS NULL', [id])).rows[0]?.n)
  const hash = (await h.db.query<{ p: string }>("SELECT password_hash AS p FROM users WHERE user_id = 'ag1'")).rows[0]?.p
  // Three agents under ag1: cnt1 with two players (one of them deleted), cnt2 with one agent, cnt3 with none.
  await h.db.query(`INSERT INTO users (user_id, login_id, parent_id, role, alias_id, rank, credit, credit_left, password_hash, terms_accepted, created_at, deleted_at)
    VALUES ('cnt1', 'cnt1', 'ag1', 'AG', 'Count one', 2, 0, 0, $1, true, now(), NULL), ('cnt2', 'cnt2', 'ag1', 'AG', 'Count two', 2, 0, 0, $1, true, now(), NULL),
      ('cnt3', 'cnt3', 'ag1', 'AG', $2, 2, 0, 0, $1, true, now(), NULL),
      ('cnt1a', 'cnt1a', 'cnt1', 'MEM', 'A', 3, 0, 0, $1, true, now(), NULL), ('cnt1b', 'cnt1b', 'cnt1', 'MEM', 'B', 3, 0, 0, $1, true, now(), now()),
      ('cnt2a', 'cnt2a', 'cnt2', 'AG', 'C', 3, 0, 0, $1, true, now(), NULL)`, [hash, ODD_NAME])

  t.test('the direct downline, the search and the profile count live children only', async (t) => {
    const list = await directDownline(h.db, 'ag1', 'AG')
    t.ok(list.length >= 4, 'ag2 and the three added')
    for (const row of list) t.equal(row.Children, await counted(row.UserId), `${row.UserId} in the list`)
    t.match(Object.fromEntries(list.map((r) => [r.UserId, r.Children])), { cnt1: 1, cnt2: 1, cnt3: 0 }, 'a deleted child is not counted')
    const found = await searchDownline(h.db, 'ag1', 'AG', 'cnt')
    t.same(found.map((r) => [r.UserId, r.Children]), [['cnt1', 1], ['cnt2', 1], ['cnt2a', 0], ['cnt3', 0]], 'search rows by id, each with its count')
    t.equal((await loadAccount(h.db, 'cnt1'))?.Children, 1)
    // The list's rows are written as JSON by the database, the search's mapped in JavaScript: the same fields and values.
    t.same(list.filter((r) => r.UserId.startsWith('cnt')), found.filter((r) => r.ParentId === 'ag1'), 'a listed row and a found row are the same object')
    t.equal((await loadAccount(h.db, 'cnt3'))?.Children, 0)
  })

  t.test('agents/directDownLine sends the database\'s JSON as it is; a column cut asked for still applies', async (t) => {
    const res = await h.call('GET', '/api/v1/4d/agents/directDownLine', { token })
    t.equal(res.statusCode, 200)
    t.match(res.headers['content-type'], /^application\/json/)
    t.same(res.json(), { success: true, data: await directDownline(h.db, 'ag1', 'AG') }, 'the same rows as the store reads')
    t.match(res.json().data.find((r: { UserId: string }) => r.UserId === 'cnt1'), { UserId: 'cnt1', UserName: 'Count one', Role: 'AG', ParentId: 'ag1', Credit: 0, Status: 'Active', Suspended: false, Children: 1 })
    t.equal(res.json().data.find((r: { UserId: string }) => r.UserId === 'cnt3').UserName, ODD_NAME, 'escaped as JSON')
    const cut = await h.call('GET', '/api/v1/4d/agents/directDownLine', { token, headers: { 'x-fields': 'data.*=UserId,Children' } })
    t.equal(cut.headers['x-fields-applied'], 'data.*=UserId,Children')
    t.same(cut.json().data.find((r: { UserId: string }) => r.UserId === 'cnt1'), { UserId: 'cnt1', Children: 1 })
  })

  t.test('mLoadDirectDownLine answers the same counts', async (t) => {
    const rows = (await h.call('GET', '/api/v1/4d/mLoadDirectDownLine', { token })).json().data as Array<{ UserId: string, Children: number }>
    for (const row of rows) t.equal(row.Children, await counted(row.UserId), row.UserId)
    t.match(Object.fromEntries(rows.map((r) => [r.UserId, r.Children])), { cnt1: 1, cnt2: 1, cnt3: 0 })
    t.match(rows.find((r) => r.UserId === 'cnt3'), { UserName: ODD_NAME, Role: 'AG' }, 'escaped as JSON')
    const cut = await h.call('GET', '/api/v1/4d/mLoadDirectDownLine', { token, headers: { 'x-fields': 'data.*=UserId' } })
    t.same(cut.json().data.find((r: { UserId: string }) => r.UserId === 'cnt1'), { UserId: 'cnt1' }, 'a column cut asked for still applies')
  })
})
