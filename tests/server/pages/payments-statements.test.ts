import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { zoneDateOf } from '../../../schemas/domain/calendar.ts'
import { catalogueOf, cents, fieldHeaded, gameApiAs, pageOf, read, tableOf, type Row, type Table } from './report-tables.ts'

// Seed 001 §7's statement calls on Payments and Payment History, through the service as admin (demo tree admin > ag1 > ag2 >
// mem2): the whole group's sums (selectStatementSumFull) beside the direct downline's, a balance adjustment (updateStatementSum,
// the Adjust balance form's call) refused at 0 then recorded, several payments in one go (insertStatements), Payment History
// listing them by kind with the kinds' legend (selectStatementType), and the period's 4D figures (dSelectStatementSummary).
// The dialogs that send these (what they show, the lines form) stay in tests/e2e/pages/statements.test.ts.

interface FormAction { id: string, kind: string, form?: { submit: { endpoint: string, method?: string, successKey?: string, successValues?: Record<string, string> } } }

t.test('statement calls on Payments and Payment History', async (t) => {
  const { serviceUrl, gameApiUrl } = await buildProduct(t)
  const admin = await signedIn(serviceUrl, 'admin')
  const say = await catalogueOf(admin)
  const payments = await pageOf(admin, '/admin/payments')
  const [direct, group] = [tableOf(payments, 'sums'), tableOf(payments, 'groupSums')]
  const rowOf = (table: Table, rows: Row[], userId: string) => rows.filter((r) => r[fieldHeaded(table, 'User ID', say)] === userId)

  await t.test('Whole group shows the grand-downline ag2 that the direct downline does not', async (t) => {
    t.equal(rowOf(direct, (await read(admin, direct)).rows, 'ag2').length, 0, 'ag2 (under ag1) is not in the direct sums')
    const rows = (await read(admin, group)).rows
    t.equal(cents(rowOf(group, rows, 'ag2')[0]?.[fieldHeaded(group, 'Account balance', say)]), -30000, 'ag2\'s balance in the whole group\'s sums: -300.00')
    t.equal(rowOf(group, rows, 'mem2').length, 1, 'and ag2\'s player mem2')
  })

  await t.test('Adjust balance on ag2: 0 is refused with its text, then 15.50 is recorded in Adjusted', async (t) => {
    const adjust = (group.rowActions as FormAction[] | undefined)?.find((a) => a.id === 'adjust')?.form?.submit
    const refused = await admin.post(adjust!.endpoint, { UserId: 'ag2', Amount: 0, Remarks: 'h7 rounding' })
    t.match(say(`errors.${String(refused.json?.code)}`), /An adjustment needs an amount other than 0\./, `refused (${refused.status}) with the catalogue's text for GA_ADJUST_NOTHING`)
    const done = await admin.post(adjust!.endpoint, { UserId: 'ag2', Amount: 15.5, Remarks: 'h7 rounding' })
    t.equal(cents(done.json?.data?.[adjust!.successValues!.accBal!]), -28450, 'the balance the game API answers, which the form\'s message names: -284.50')
    const rows = (await read(admin, group)).rows
    t.equal(cents(rowOf(group, rows, 'ag2')[0]?.[fieldHeaded(group, 'Adjusted', say)]), 1550, 'the whole group\'s sums show it under Adjusted')
  })

  await t.test('Record several payments: two lines in one go, the batch remarks on the line without its own', async (t) => {
    const many = (payments.get('recordMany') as FormAction | undefined)?.form?.submit ?? { endpoint: '/api/v1/4d/insertStatements' }
    const recorded = await admin.post(many.endpoint, { Remarks: 'h7 batch', Entries: [{ UserId: 'ag2', Type: 'OUT', Amount: 1.25 }, { UserId: 'mem2', Type: 'IN', Amount: 7, Remarks: 'h7 own' }] })
    t.equal(recorded.status, 200, 'recorded together')
    const entries = (await (await gameApiAs(gameApiUrl, 'admin'))('4d/statementByUserId?UserId=mem2')).Entries as Array<{ Kind: string, Amount: number, Remarks: string }>
    t.match(entries.at(-1), { Kind: 'payment_in', Amount: 7, Remarks: 'h7 own' }, 'the game API holds mem2\'s payment, with its own remarks')
  })

  await t.test('4D figures: the chosen period\'s 4D bets per direct downline, as the game API sums them', async (t) => {
    // Two weeks back: the demo history's settled draws.
    const from = zoneDateOf(new Date(Date.now() - 14 * 86400_000))
    const figures = tableOf(payments, 'statement4d')
    const answer = await (await gameApiAs(gameApiUrl, 'admin'))(`4d/dSelectStatementSummary?DrawFrom=${from}`) as { rows: Array<{ UserId: string, Stake: number }> }
    const ag1 = answer.rows.find((r) => r.UserId === 'ag1')
    t.ok(ag1 !== undefined && ag1.Stake > 0, 'ag1\'s group bet in the period')
    const shown = rowOf(figures, (await read(admin, figures, { DrawFrom: from })).rows, 'ag1')[0]
    t.equal(cents(shown?.[fieldHeaded(figures, 'Stake', say)]), cents(ag1?.Stake), 'ag1\'s 4D stake')
  })

  await t.test('Payment History: ag2\'s entries name their kinds; the legend lists every kind', async (t) => {
    const history = await pageOf(admin, '/admin/paymentHist')
    const entries = tableOf(history, 'entries')
    const kind = entries.columns.find((c) => c.field === fieldHeaded(entries, 'Kind', say))!
    const amount = fieldHeaded(entries, 'Amount', say)
    const rows = (await read(admin, entries, { UserId: 'ag2' })).rows
    const shown = (remarks: string) => { const row = rows.find((r) => r[fieldHeaded(entries, 'Remarks', say)] === remarks); return row && { kind: say(kind.statusLabels?.[String(row[kind.field])]), amount: cents(row[amount]) } }
    t.same(shown('h7 rounding'), { kind: 'Adjustment', amount: 1550 }, 'the adjustment, with its kind')
    t.same(shown('h7 batch'), { kind: 'Payment out', amount: -125 }, 'the batch payment, with its kind')
    const types = tableOf(history, 'types')
    const [typeColumn, manualColumn] = [types.columns[0]!, types.columns.find((c) => say(c.labelKey) === 'Entered by hand')!]
    const legend = (await read(admin, types)).rows
    const manualOf = (label: string) => { const row = legend.find((r) => say(typeColumn.statusLabels?.[String(r[typeColumn.field])]) === label); return say(`${String((manualColumn as { valueLabels?: string }).valueLabels)}.${String(row?.[manualColumn.field])}`) }
    t.equal(manualOf('Adjustment'), 'Yes', 'an adjustment is entered by hand')
    t.equal(manualOf('Draw settled'), 'No', 'a settlement is written by the system')
  })
})
