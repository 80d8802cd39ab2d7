import t from 'tap'
import { downlineCte, TREE_DEPTH_CAP, uplineCte } from '../../../server/game-api/lib/user-tree.ts'
import { onTestDatabase } from '../../helpers/db.ts'
import { gameApiHarness } from '../harness.ts'

// The one walk of the ParentId tree: the seeded hierarchy down and up, and a parent cycle that ends at the cap instead of running forever.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const down = async (from: string, params: unknown[]) => (await h.db.query<{ user_id: string, depth: number }>(
    `WITH RECURSIVE ${downlineCte('down', { from })} SELECT user_id, depth FROM down ORDER BY depth, user_id`, params)).rows.map((r) => `${r.user_id}@${Number(r.depth)}`)
  const up = async (userId: string) => (await h.db.query<{ user_id: string }>(
    `WITH RECURSIVE ${uplineCte('up', { from: 'SELECT user_id, parent_id FROM users WHERE user_id = $1' })} SELECT user_id FROM up ORDER BY depth`, [userId])).rows.map((r) => r.user_id)

  t.test('down: the start and everyone below it with their depth', async (t) => {
    t.same(await down('SELECT $1::text', ['ag1']), ['ag1@0', 'ag2@1', 'mem1@1', 'mem3@1', 'mem2@2'])
    t.same(await down('SELECT user_id FROM users WHERE parent_id = $1', ['ag1']), ['ag2@0', 'mem1@0', 'mem3@0', 'mem2@1'], 'started from the direct downline')
  })

  t.test('down: a carried column and a condition that ends a branch', async (t) => {
    const { rows } = await h.db.query<{ user_id: string, top: string }>(
      `WITH RECURSIVE ${downlineCte('grp', { from: 'SELECT user_id, user_id FROM users WHERE parent_id = $1', carry: { top: 'p.top' }, where: "u.user_id <> 'mem2'" })}
       SELECT user_id, top FROM grp ORDER BY user_id`, ['ag1'])
    t.same(rows, [{ user_id: 'ag2', top: 'ag2' }, { user_id: 'mem1', top: 'mem1' }, { user_id: 'mem3', top: 'mem3' }])
  })

  t.test('up: the start and its upline, nearest first', async (t) => {
    t.same(await up('mem2'), ['mem2', 'ag2', 'ag1', 'admin'])
  })

  t.test('a parent cycle ends at the depth cap both ways', async (t) => {
    await h.db.query("UPDATE users SET parent_id = 'mem2' WHERE user_id = 'ag2'")
    t.equal((await down('SELECT $1::text', ['ag2'])).length, TREE_DEPTH_CAP + 1)
    t.equal((await up('mem2')).length, TREE_DEPTH_CAP + 1)
  })
})
