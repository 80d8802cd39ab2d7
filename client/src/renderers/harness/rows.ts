// Generated report rows for the harness benchmarks: deterministic (seeded), shaped like a bet report.
import type { TableWidget } from '../../../../schemas/widgets.ts'
import type { Row } from '../lib/tableModel.ts'
import { seededRandom } from '../../../../server/shared/seeded-random.ts'

const CODES = ['0', '1', '2', '3', '4', '5', '6', '7', '9', '24', '25', 'IBET', 'KBET', 'RRRR']

/** count rows with ids, users, numbers, draw codes, money, share and creation dates. */
export function generateRows (count: number, seed = 42): Row[] {
  const next = seededRandom(seed)
  const start = Date.parse('2026-01-01T00:00:00+08:00')
  const rows: Row[] = new Array(count)
  for (let i = 0; i < count; i++) {
    const big = Math.round(next() * 10000) / 100
    const small = Math.round(next() * 10000) / 100
    rows[i] = {
      BetId: i + 1,
      UserId: `mem${Math.floor(next() * 500)}`,
      Number: String(Math.floor(next() * 10000)).padStart(4, '0'),
      Type: CODES[Math.floor(next() * CODES.length)],
      Big: big,
      Small: small,
      Amount: Math.round((big + small) * 100) / 100,
      Share: Math.round(next() * 100) / 100,
      Status: next() < 0.9 ? 'A' : 'V',
      CreatedDate: new Date(start + Math.floor(next() * 90 * 86_400_000)).toISOString()
    }
  }
  return rows
}

/** The report table descriptor the benchmarks draw (fixed widths wider than the 1060 px scroll width). */
export const benchTable: TableWidget = {
  type: 'table',
  id: 'bench',
  data: { endpoint: '/api/v1/4d/bet/page2' },
  rowKey: 'BetId',
  drawColourField: 'Type',
  export: { csv: true, ara: true },
  print: true,
  height: 600,
  columns: [
    { field: 'BetId', labelKey: 'col.betId', type: 'number', width: 80 },
    { field: 'UserId', labelKey: 'col.userId', type: 'text', width: 100 },
    { field: 'Number', labelKey: 'col.number', type: 'text', width: 80 },
    { field: 'Type', labelKey: 'col.type', type: 'text', width: 70 },
    { field: 'Big', labelKey: 'col.big', type: 'money', width: 110, sum: true },
    { field: 'Small', labelKey: 'col.small', type: 'money', width: 110, sum: true },
    { field: 'Amount', labelKey: 'col.amount', type: 'money', width: 120, sum: true },
    { field: 'Share', labelKey: 'col.share', type: 'percent', width: 90 },
    { field: 'Status', labelKey: 'col.status', type: 'status', width: 90, statusLabels: { A: 'status.active', V: 'status.void' } },
    { field: 'CreatedDate', labelKey: 'col.created', type: 'date', width: 170 }
  ]
}
