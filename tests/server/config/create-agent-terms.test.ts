import t from 'tap'
import type { FormField } from '../../../schemas/widgets.ts'
import { loadConfig } from '../../../server/src/config/load.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { isVisible, validateField } from '../../../client/src/renderers/lib/formRules.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import { toTyped } from '../../../client/src/renderers/lib/formUnits.ts'
import { ctxFor, SG, shippedConfigDir } from './fixtures.ts'

// Agents › Create agent at a 4D location (issue #39): shares typed as percentages, and the TOTO terms while the TOTO location is ticked.

const loaded = await loadConfig(shippedConfigDir)
if (!loaded.ok) throw new Error('invalid shipped config')
const page = resolvePage(loaded.config, ctxFor('admin', SG), '/admin/agents')
if (page.status !== 'ok') throw new Error(page.status)
const action = page.page.actions?.find((a) => a.id === 'createAgent')
if (action?.kind !== 'form') throw new Error('no Create agent dialog at SG')
const form = action.form
const field = (name: string): FormField => {
  const f = form.fields.find((x) => x.name === name)
  if (!f) throw new Error(`no ${name} field`)
  return f
}

t.test('the 4D dialog holds both games\' share and commission; the shares are percentages', async (t) => {
  t.same(form.fields.filter((f) => f.kind === 'share' || f.kind === 'commission').map((f) => f.name), ['dShare', 'dCommission', 'tShare', 'tCommission'])
  t.equal(field('dShare').unit, 'percent')
  t.equal(field('tShare').unit, 'percent')
  t.equal(field('tCommission').game, 'tt', 'a TOTO commission keeps TOTO\'s range at a 4D location')
})

t.test('the TOTO terms show while the TOTO location is ticked, as it is by default', async (t) => {
  // The dialog starts with the parent's locations ticked (profileNewFull), the TOTO location among them.
  t.ok(isVisible(field('tShare'), { Locations: ['SG', 'TT'] }))
  t.ok(isVisible(field('tCommission'), { Locations: ['SG', 'TT'] }))
  t.notOk(isVisible(field('tShare'), { Locations: ['SG'] }), 'hidden once TOTO is unticked')
  t.ok(isVisible(field('dShare'), { Locations: ['SG'] }), 'the 4D terms always')
})

t.test('a share is typed and checked in percent and sent as the fraction the game API stores', async (t) => {
  const bounds = { Bounds: { dShare: { Min: 0, Max: 0.5, Step: 0.01 }, tShare: { Min: 0, Max: 1, Step: 0.01 }, tCommission: { Min: 0, Max: 0.2, Step: 0.01 } } }
  const ctx = { fields: form.fields, loaded: bounds }
  t.equal(toTyped(field('dShare'), 0.07), 7, 'a loaded 0.07 fills the form as 7')
  t.same(validateField(field('dShare'), { dShare: 45 }, ctx), [], '45% is within the parent\'s 50%')
  t.same(validateField(field('dShare'), { dShare: 60 }, ctx), [{ key: 'renderers.error.max', values: { max: 50 } }], 'the parent\'s bound in percent')
  t.equal(validateField(field('dShare'), { dShare: 4.5 }, ctx)[0]?.key, 'renderers.error.step', 'whole percents only')
  t.same(validateField(field('tCommission'), { tCommission: 0.12 }, ctx), [], 'TOTO commission 0.12 is on TOTO\'s 0.01 step')
  const sent = submitPayload({ ...form, type: 'form' }, { UserId: 'new1', dShare: 45, tShare: 7, dCommission: 0.035, tCommission: 0.12, Locations: ['SG', 'TT'] }, {})
  t.match(sent, { dShare: 0.45, tShare: 0.07, dCommission: 0.035, tCommission: 0.12 })
})
