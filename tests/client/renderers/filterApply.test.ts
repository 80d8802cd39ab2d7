import t from 'tap'
import { withOwnFilters } from '../../../client/src/renderers/lib/filterApply.ts'

// Two filter forms on one page (Out Setting 3's outset and its distributor statement): applying one keeps the other's values.
t.test('a filters widget replaces only its own fields', async (t) => {
  const page = { DrawId: 7, DistributorId: 3, StatementOf: 3, StatementFrom: '2030-01-01' }
  t.same(withOwnFilters(page, ['StatementOf', 'StatementFrom', 'StatementTo'], { StatementOf: 4, StatementTo: '2030-01-31' }),
    { DrawId: 7, DistributorId: 3, StatementOf: 4, StatementTo: '2030-01-31' }, 'the outset filters stay; the statement\'s From left empty is cleared')
  t.same(withOwnFilters(page, ['DrawId', 'DistributorId'], {}), { StatementOf: 3, StatementFrom: '2030-01-01' }, 'an empty form clears only its own fields')
  t.same(page, { DrawId: 7, DistributorId: 3, StatementOf: 3, StatementFrom: '2030-01-01' }, 'the current filters are not changed in place')
})
