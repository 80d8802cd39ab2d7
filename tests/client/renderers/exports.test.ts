import t from 'tap'
import type { TableColumn } from '../../../schemas/widgets.ts'
import { araFileName, csvFileName, parseAra, toAra, toCsv } from '../../../client/src/renderers/lib/exports.ts'

const columns: TableColumn[] = [
  { field: 'Name', labelKey: 'col.name', type: 'text', width: 100 },
  { field: 'Amount', labelKey: 'col.amount', type: 'money', width: 100 }
]
const rows = [{ Name: 'Plain', Amount: 1 }, { Name: 'Has "quotes", commas | pipes\nand lines', Amount: 1234.5 }]

t.test('CSV: translated header, exactly 2 decimals for money, proper quoting', async (t) => {
  const csv = toCsv(rows, columns, (k) => k === 'col.name' ? 'Name' : 'Amount')
  t.equal(csv, 'Name,Amount\r\nPlain,1.00\r\n"Has ""quotes"", commas | pipes\nand lines",1234.50')
})

t.test('.ara round-trips through parseAra', async (t) => {
  const ara = toAra(rows, columns)
  t.ok(ara.startsWith('Name|Amount\r\n'), 'field names head the file')
  const back = parseAra(ara)
  t.same(back.errors, [])
  t.same(back.rows, [{ Name: 'Plain', Amount: '1.00' }, { Name: rows[1]!.Name, Amount: '1234.50' }])
})

t.test('.ara reports malformed lines', async (t) => {
  const back = parseAra('Name|Amount\r\nonly-one\r\n')
  t.ok(back.errors.length > 0)
})

t.test('download names', async (t) => {
  t.equal(araFileName(undefined), 'exported.ara')
  t.equal(araFileName('bets'), 'bets.ara')
  t.equal(araFileName('x.ARA'), 'x.ARA')
  t.equal(csvFileName(undefined), 'exported.csv')
  t.equal(csvFileName('bets.ara'), 'bets.csv')
})
