import t from 'tap'
import type { FormField } from '../../../schemas/widgets.ts'
import { loadConfig } from '../../../server/src/config/load.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { isVisible, validateField, visibleValues } from '../../../client/src/renderers/lib/formRules.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import { toTyped } from '../../../client/src/renderers/lib/formUnits.ts'
import { ctxFor, SG, shippedConfigDir, TT, type TestLocation } from './fixtures.ts'

// Agents › Create agent and Players › Create player (issue #39): shares typed as percentages, and both games' terms where
// both are ticked: at a 4D location the TOTO terms while the TOTO location is ticked, at the TOTO location the 4D terms
// while a 4D location is.

const loaded = await loadConfig(shippedConfigDir)
if (!loaded.ok) throw new Error('invalid shipped config')
const config = loaded.config

/** The create dialog of a page as a user sees it at a location, and its fields by name. */
function dialog (path: string, id: string, location: TestLocation, user = 'admin') {
  const page = resolvePage(config, ctxFor(user, location), path)
  if (page.status !== 'ok') throw new Error(page.status)
  const action = page.page.actions?.find((a) => a.id === id)
  if (action?.kind !== 'form') throw new Error(`no ${id} dialog at ${location.LocId}`)
  const form = action.form
  const field = (name: string): FormField => {
    const f = form.fields.find((x) => x.name === name)
    if (!f) throw new Error(`no ${name} field in ${id}`)
    return f
  }
  return { form, field }
}
const terms = (form: { fields: FormField[] }) => form.fields.filter((f) => f.kind === 'share' || f.kind === 'commission').map((f) => f.name)

const { form, field } = dialog('/admin/agents', 'createAgent', SG)

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

t.test('the TOTO location\'s Create agent shows the 4D share and commission while a 4D location is ticked', async (t) => {
  const tt = dialog('/admin/agents', 'createAgentTT', TT)
  t.same(terms(tt.form), ['tShare', 'tCommission', 'dShare', 'dCommission'], 'both games\' terms, its own first')
  t.equal(tt.field('dShare').unit, 'percent', 'the 4D share in percent too')
  t.equal(tt.field('dCommission').game, '4d', 'a 4D commission keeps 4D\'s range at the TOTO location')
  // The dialog starts with the parent's locations ticked (profileTNewFull): admin's hold 4D locations beside TT.
  for (const loc of ['SG', 'IN', 'BJ', 'MG', 'TH']) t.ok(isVisible(tt.field('dShare'), { Locations: ['TT', loc] }), `shown with ${loc} ticked`)
  t.ok(isVisible(tt.field('dCommission'), { Locations: ['TT', 'SG'] }))
  t.notOk(isVisible(tt.field('dShare'), { Locations: ['TT'] }), 'hidden while only TOTO is ticked')
  t.notOk(isVisible(tt.field('dCommission'), { Locations: ['TT'] }))
  t.ok(isVisible(tt.field('tShare'), { Locations: ['SG'] }), 'its own game\'s terms always')
  const bounds = { Bounds: { dShare: { Min: 0, Max: 0.5, Step: 0.01 }, dCommission: { Min: 0, Max: 0.2, Step: 0.005 } } }
  const ctx = { fields: tt.form.fields, loaded: bounds }
  t.same(validateField(tt.field('dCommission'), { dCommission: 0.035 }, ctx), [], '0.035 is on 4D\'s 0.005 step, not TOTO\'s 0.01')
  t.same(validateField(tt.field('dShare'), { dShare: 60, Locations: ['TT', 'SG'] }, ctx), [{ key: 'renderers.error.max', values: { max: 50 } }], 'the parent\'s 4D share bound in percent')
  const sent = submitPayload({ ...tt.form, type: 'form' }, { UserId: 'new1', tShare: 7, tCommission: 0.12, dShare: 45, dCommission: 0.035, Locations: ['TT', 'SG'] }, {})
  t.match(sent, { tShare: 0.07, tCommission: 0.12, dShare: 0.45, dCommission: 0.035 }, 'both games\' terms sent as the game API stores them')
  const only = submitPayload({ ...tt.form, type: 'form' }, visibleValues({ UserId: 'new1', tShare: 7, dShare: 45, dCommission: 0.035, Locations: ['TT'] }, tt.form.fields), {})
  t.notOk('dShare' in only || 'dCommission' in only, 'no 4D terms sent for a TOTO-only account')
})

t.test('Create player shows the other game\'s commission where both are ticked, at either location', async (t) => {
  // Players is an agent's page (seed 001 §6): ag1 holds SG, TT and MG.
  const sg = dialog('/admin/players', 'createPlayer', SG, 'ag1')
  t.same(terms(sg.form), ['dCommission', 'tCommission'])
  t.equal(sg.field('tCommission').game, 'tt')
  t.ok(isVisible(sg.field('tCommission'), { Locations: ['SG', 'TT'] }))
  t.notOk(isVisible(sg.field('tCommission'), { Locations: ['SG'] }))
  const tt = dialog('/admin/players', 'createPlayerTT', TT, 'ag1')
  t.same(terms(tt.form), ['tCommission', 'dCommission'])
  t.equal(tt.field('dCommission').game, '4d')
  t.ok(isVisible(tt.field('dCommission'), { Locations: ['TT', 'MG'] }))
  t.notOk(isVisible(tt.field('dCommission'), { Locations: ['TT'] }))
})
