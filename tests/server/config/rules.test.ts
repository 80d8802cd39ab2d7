import t from 'tap'
import { Value } from 'typebox/value'
import { Rule } from '../../../schemas/rule.ts'
import { compileRule, type RuleContext } from '../../../server/src/config/rules.ts'
import { profiles, SG, TT } from './fixtures.ts'

const base = profiles.ag1
if (!base) throw new Error('fixture ag1 missing')
const ctx = (over: Partial<RuleContext['profile']> = {}, extra: Partial<RuleContext> = {}): RuleContext =>
  ({ profile: { ...base, ...over }, location: SG, mobile: false, settings: { mobileAppData: { downloadUrl: 'https://a', iosDownloadUrl: ' ' } }, ...extra })

// [name, rule, context, expected]
const cases: Array<[string, Rule | undefined, RuleContext, boolean]> = [
  ['no rule is always', undefined, ctx(), true],
  ['role matches', { role: 'AG' }, ctx(), true],
  ['role differs', { role: 'ADMIN' }, ctx(), false],
  ['perm granted', { perm: 'Report' }, ctx({ Granted: ['Report'] }), true],
  ['perm by star', { perm: 'Report' }, ctx({ Granted: ['*'] }), true],
  ['perm missing', { perm: 'Report' }, ctx({ Granted: ['OutSet'] }), false],
  ['perm is case-sensitive', { perm: 'Report' }, ctx({ Granted: ['report'] }), false],
  ['adminPerm needs ADMIN', { adminPerm: 'DrawSetting' }, ctx({ Role: 'AG', Granted: ['*'] }), false],
  ['adminPerm by AliasId ADMIN', { adminPerm: 'DrawSetting' }, ctx({ Role: 'ADMIN', AliasId: 'ADMIN', Granted: [] }), true],
  ['adminPerm by grant', { adminPerm: 'DrawSetting' }, ctx({ Role: 'ADMIN', AliasId: 'ops', Granted: ['DrawSetting'] }), true],
  ['adminPerm by star', { adminPerm: 'DrawSetting' }, ctx({ Role: 'ADMIN', AliasId: 'x', Granted: ['*'] }), true],
  ['adminPerm without grant', { adminPerm: 'DrawSetting' }, ctx({ Role: 'ADMIN', AliasId: 'ops', Granted: ['Report'] }), false],
  ['flag 1', { flag: 'EnableUpload' }, ctx({ EnableUpload: 1 }), true],
  ['flag 0', { flag: 'EnableUpload' }, ctx({ EnableUpload: 0 }), false],
  ['flag null', { flag: 'EnableUpload' }, ctx({ EnableUpload: null as unknown as number }), false],
  ['flag absent', { flag: 'EnableUpload' }, ctx({ EnableUpload: undefined as unknown as number }), false],
  ['flag fractional share', { flag: 'dShare' }, ctx({ dShare: 0.5 }), true],
  ['tt at TT', { tt: true }, ctx({}, { location: TT }), true],
  ['tt at SG', { tt: true }, ctx(), false],
  ['tt ignores MG', { tt: true }, ctx({}, { location: { LocId: 'MG', flags: ['MG'] } }), false],
  ['mobile', { mobile: true }, ctx({}, { mobile: true }), true],
  ['not mobile', { mobile: true }, ctx(), false],
  ['cmp le true', { cmp: { field: 'Rank', op: 'le', value: 2 } }, ctx({ Rank: 2 }), true],
  ['cmp le false', { cmp: { field: 'Rank', op: 'le', value: 2 } }, ctx({ Rank: 3 }), false],
  ['cmp lt', { cmp: { field: 'Rank', op: 'lt', value: 2 } }, ctx({ Rank: 2 }), false],
  ['cmp gt', { cmp: { field: 'dShare', op: 'gt', value: 0 } }, ctx({ dShare: 0.01 }), true],
  ['cmp ge', { cmp: { field: 'dShare', op: 'ge', value: 1 } }, ctx({ dShare: 0.99 }), false],
  ['cmp eq', { cmp: { field: 'dEnableViewShareClaim', op: 'eq', value: 1 } }, ctx({ dEnableViewShareClaim: 1 }), true],
  ['cmp ne', { cmp: { field: 'dEnableViewShareClaim', op: 'ne', value: 1 } }, ctx({ dEnableViewShareClaim: 1 }), false],
  ['cmp on null is false', { cmp: { field: 'Rank', op: 'le', value: 2 } }, ctx({ Rank: null as unknown as number }), false],
  ['setting present', { setting: 'mobileAppData.downloadUrl' }, ctx(), true],
  ['setting blank', { setting: 'mobileAppData.iosDownloadUrl' }, ctx(), false],
  ['setting without settings', { setting: 'mobileAppData.downloadUrl' }, ctx({}, { settings: undefined }), false],
  ['not', { not: { role: 'AG' } }, ctx(), false],
  ['all true', { all: [{ role: 'AG' }, { flag: 'EnablePlaceBet' }] }, ctx(), true],
  ['all one false', { all: [{ role: 'AG' }, { flag: 'EnableUpload' }] }, ctx({ EnableUpload: 0 }), false],
  ['any one true', { any: [{ role: 'MEM' }, { role: 'AG' }] }, ctx(), true],
  ['any none', { any: [{ role: 'MEM' }, { role: 'ADMIN' }] }, ctx(), false],
  ['nested: group report at TT', { all: [{ cmp: { field: 'Rank', op: 'le', value: 2 } }, { any: [{ tt: true }, { cmp: { field: 'dShare', op: 'gt', value: 0 } }] }] }, ctx({ Rank: 1, dShare: 0 }, { location: TT }), true],
  ['nested: group report at SG without share', { all: [{ cmp: { field: 'Rank', op: 'le', value: 2 } }, { any: [{ tt: true }, { cmp: { field: 'dShare', op: 'gt', value: 0 } }] }] }, ctx({ Rank: 1, dShare: 0 }), false],
  ['architecture example', { all: [{ flag: 'EnableCreateDownline' }, { any: [{ role: 'AG' }, { perm: 'MemberEdit' }] }] }, ctx({ Role: 'ADMIN', Granted: ['MemberEdit'], EnableCreateDownline: 1 }), true]
]

t.test('the compiled rule answers the table', async (t) => {
  for (const [name, rule, context, expected] of cases) {
    if (rule !== undefined) t.ok(Value.Check(Rule, rule), `${name}: the rule is valid`)
    t.equal(compileRule(rule)(context), expected, `compiled: ${name}`)
  }
})

t.test('the schema refuses what the evaluator would not understand', async (t) => {
  for (const bad of [{}, { tt: false }, { role: 'BOSS' }, { flag: 'EnableEverything' }, { cmp: { field: 'UserId', op: 'eq', value: 1 } }, { cmp: { field: 'Rank', op: 'lte', value: 1 } }, { all: [] }, { role: 'AG', perm: 'X' }, { setting: 'serverTime' }, { perm: '' }]) {
    t.notOk(Value.Check(Rule, bad), JSON.stringify(bad))
  }
})
