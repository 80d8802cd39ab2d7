import t from 'tap'
import { dbfBetLines } from '../../../../server/game-api/betting/rules/dbf-lines.ts'

// A dBase bet table's rows as bet text lines: the TEXT column, or the bet columns joined.
t.test('a TEXT column is taken as whole lines, blank rows skipped', async (t) => {
  t.same(dbfBetLines(['Text'], [{ Text: 'mem1 3 1234 1-' }, { Text: '  ' }, { Text: 'mem1 4 5678 -2' }]), { lines: ['mem1 3 1234 1-', 'mem1 4 5678 -2'] })
})

t.test('bet columns make user daycode number big-small; a zero amount is left empty', async (t) => {
  t.same(dbfBetLines(['USERID', 'DAYCODE', 'NUMBER', 'BIG'], [{ USERID: 'mem1', DAYCODE: '3', NUMBER: '1234', BIG: 2 }, { USERID: 'mem1', DAYCODE: '3', NUMBER: '', BIG: 1 }]), { lines: ['mem1 3 1234 2-'] })
  t.match(dbfBetLines(['USERID', 'NUMBER', 'BIG'], []), { problem: /needs a TEXT column, or USERID, DAYCODE, NUMBER and BIG or SMALL \(it has USERID, NUMBER, BIG\)/ })
})
