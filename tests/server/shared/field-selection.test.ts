import t from 'tap'
import { decodeFieldSelection, encodeFieldSelection, selectFields, type FieldSelection } from '../../../server/shared/field-selection.ts'
import { projectJson } from '../../../server/src/proxy/json-cutter.ts'

// The game API's cut (on the answer before it is written) and the service's (on the bytes) must agree exactly.

const targets: FieldSelection[] = [{ path: ['data', 'rows', '*'], keep: new Set(['UserId', 'Stake']) }, { path: ['data', 'totals'], keep: new Set(['Stake']) }]
const answers = [
  { success: true, data: { rows: [{ UserId: 'a', Stake: 1, Intake: 2, nested: { Intake: 3 } }, { Intake: 1 }, 5, null, [1]], totals: { Stake: 3, Intake: 4 }, count: 2 }, Intake: 'kept' },
  { success: true, data: { rows: { UserId: 'not an array' }, totals: [1, 2] } },
  { success: true, data: [] },
  { success: false, message: 'x' }
]

t.test('encodes to a header and back', async (t) => {
  const header = encodeFieldSelection(targets)
  t.equal(header, 'data.rows.*=UserId,Stake;data.totals=Stake')
  t.same(decodeFieldSelection(header ?? '')?.map((s) => ({ path: s.path, keep: [...s.keep] })), targets.map((s) => ({ path: s.path, keep: [...s.keep] })))
  t.equal(encodeFieldSelection([{ path: ['data'], keep: new Set(['Wë "q"']) }]), undefined, 'a name that cannot be written plainly: no header, the service cuts')
  for (const bad of ['', 'data', '=a', 'data.rows=a b', 'data..rows=a', 'data.rows=a;;']) t.equal(decodeFieldSelection(bad), undefined, `refused: ${JSON.stringify(bad)}`)
})

t.test('the game API\'s cut equals the service\'s cut', async (t) => {
  for (const answer of answers) {
    const byService = JSON.parse(projectJson(Buffer.from(JSON.stringify(answer)), { targets }).toString()) as unknown
    t.same(selectFields(answer, targets), byService, JSON.stringify(answer).slice(0, 60))
  }
  t.same(answers[0], { success: true, data: { rows: [{ UserId: 'a', Stake: 1, Intake: 2, nested: { Intake: 3 } }, { Intake: 1 }, 5, null, [1]], totals: { Stake: 3, Intake: 4 }, count: 2 }, Intake: 'kept' }, 'the answer itself is left as it was')
})
