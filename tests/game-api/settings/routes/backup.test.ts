import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../../betting/support.ts'
import { readAra } from '../../../../schemas/domain/ara.ts'

// Backup ARA: a draw's bets as an .ara file, the tickets not yet backed up (countCreateARA), marking them done (resetUpdateCreateARA).
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['admin', 'ag1', 'mem1'])
  const place = (lines: unknown[]) => api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: lines })
  const first = await place([{ Number: '1234', Form: 'straight', Big: 1, Small: 2 }, { Number: '5678', Form: 'roll', Big: 0.5 }])
  t.equal(first.status, 200, JSON.stringify(first.body))
  const drawId: number = first.body.data.Draws[0].DrawId
  const second = await place([{ Number: '4321', Form: 'ibet', Big: 1 }])
  const voided = await place([{ Number: '9999', Form: 'straight', Big: 1 }])
  t.equal((await api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${voided.body.data.TicketNo}`, tokens.mem1)).status, 200)
  const count = async () => (await api(h, 'GET', `/api/v1/4d/countCreateARA?DrawId=${drawId}`, tokens.admin)).body.data[0]
  const before = await count()
  const backup = async (body: Record<string, unknown>) => {
    const res = await h.call('POST', '/api/v1/4d/backupARA', { token: tokens.admin, payload: { DrawId: drawId, ...body } })
    return { res, ara: readAra(res.body) }
  }

  t.test('the file: every live bet of the draw, one line each, fields named on the first line', async (t) => {
    t.match(before, { DrawId: drawId, Series: 'SG4D', DrawDate: '2030-01-02' })
    t.equal(before.NotBackedUp, before.Tickets, 'nothing backed up yet')
    const { res, ara } = await backup({})
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-disposition'], 'attachment; filename="SG4D-2030-01-02.ara"')
    t.equal(res.headers['x-ara-up-to-ticket-id'], String(before.LastTicketId))
    t.match(res.body, /^TicketNo\|UserId\|PlacedBy\|Source\|DrawId\|DrawDate\|Series\|LineNo\|Number\|Form\|Big\|Small\|Units\|Combinations\|Amount\|Status\|PlacedDate\r\n/)
    t.same(ara.errors, [])
    t.equal(ara.rows.length, before.Bets)
    const ours = ara.rows.filter((r) => [first.body.data.TicketNo, second.body.data.TicketNo].includes(r.TicketNo))
    t.same(ours.map((r) => [r.LineNo, r.Number, r.Form, r.Big, r.Small, r.Combinations, r.Amount, r.Status]), [
      ['1', '1234', 'straight', '1.00', '2.00', '1', '3.00', 'open'],
      ['2', '5678', 'roll', '0.50', '0.00', '10', '5.00', 'open'],
      ['1', '4321', 'ibet', '1.00', '0.00', '24', '1.00', 'open']
    ], 'lines as sold, money with two decimals')
    t.notOk(ara.rows.some((r) => r.TicketNo === voided.body.data.TicketNo), 'a voided ticket is not backed up')
    const rows = (await api(h, 'GET', `/api/v1/4d/backupARA?DrawId=${drawId}`, tokens.admin)).body.data
    t.same(rows, ara.rows, 'GET backupARA answers the same lines as JSON, for the page\'s table export')
  })

  t.test('marking done up to the file\'s last ticket leaves later tickets to the next backup', async (t) => {
    const later = await place([{ Number: '2468', Form: 'straight', Big: 2 }])
    t.equal(later.status, 200)
    const marked = await api(h, 'PUT', `/api/v1/4d/resetUpdateCreateARA/${drawId}`, tokens.admin, { UpToTicketId: before.LastTicketId })
    t.match(marked, { status: 200, body: { data: { DrawId: drawId, Marked: before.NotBackedUp, NotBackedUp: 1 } } })
    const { ara } = await backup({ OnlyNew: true })
    t.same(ara.rows.map((r) => r.TicketNo), [later.body.data.TicketNo], 'only the ticket placed after the backup')
    t.match(await api(h, 'PUT', `/api/v1/4d/resetUpdateCreateARA/${drawId}`, tokens.admin, {}), { body: { data: { Marked: 1, NotBackedUp: 0 } } })
    t.match(await api(h, 'PUT', `/api/v1/4d/resetUpdateCreateARA/${drawId}`, tokens.admin, {}), { body: { data: { Marked: 0 } } }, 'marking again marks nothing')
    const audits = await h.db.query<{ action: string }>("SELECT action FROM audits WHERE action LIKE 'backup.%' ORDER BY audit_id")
    t.same(audits.rows.map((a) => a.action), ['backup.download', 'backup.markDone', 'backup.download', 'backup.markDone', 'backup.markDone'])
  })

  t.test('ADMIN only; an unknown or other game\'s draw is named', async (t) => {
    t.equal((await api(h, 'GET', '/api/v1/4d/countCreateARA', tokens.ag1)).status, 403)
    t.equal((await h.call('POST', '/api/v1/4d/backupARA', { token: tokens.ag1, payload: { DrawId: drawId } })).statusCode, 403)
    t.match(await api(h, 'GET', '/api/v1/4d/countCreateARA?DrawId=999999', tokens.admin), { status: 404, body: { message: /Draw 999999 does not exist/ } })
    t.equal((await api(h, 'PUT', `/api/v1/tt/resetUpdateCreateARA/${drawId}`, tokens.admin, {})).status, 404, 'a 4D draw is not at the TOTO prefix')
    const list = (await api(h, 'GET', '/api/v1/4d/countCreateARA', tokens.admin)).body.data as Array<{ DrawId: number }>
    t.ok(list.some((d) => d.DrawId === drawId), 'the list holds the draws with bets')
  })
})
