import t from 'tap'
import type { Queryable } from '../../../../server/shared/db.ts'
import { runReport } from '../../../../server/game-api/reports/store/scope.ts'

// A report cut to its first rows still totals every row, so a capped per-number report never understates the draw.
t.test('a limited report answers the first rows and the totals of all of them', async (t) => {
  const all = Array.from({ length: 12 }, (_, i) => ({ Number: String(1000 + i), Stake: 12 - i, DrawId: 7 }))
  const db: Queryable = { query: async <Row>() => ({ rows: all as Row[], rowCount: all.length }) }
  const report = await runReport(db, 'SELECT …', [], { limit: 5 })
  t.same(report.rows.map((r) => r.Number), ['1000', '1001', '1002', '1003', '1004'])
  t.same(report.totals, { Stake: 78 }, 'the sum of 12 down to 1, DrawId skipped')
  t.equal((await runReport(db, 'SELECT …', [])).rows.length, 12, 'without a limit every row')
})
