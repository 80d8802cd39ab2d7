import { Type, type Static } from 'typebox'

// The rule language of ARCHITECTURE fixed decision 4: JSON objects with exactly one operator, no expression strings.

/** Numeric profile fields a rule may read (flag, cmp); 0, null and absent count as false. Kept equal to the numbers of Profile by a test. */
export const NUMERIC_PROFILE_FIELDS = [
  'Rank', 'Credit', 'AccBal', 'CreditLeft', 'EnableCreateAgent', 'EnableCreateDownline', 'EnablePlaceBet', 'EnableUpload',
  'disablePlaceBetAndFixedBet', 'tOutSetting1Enabled', 'dShare', 'tShare', 'dEnableViewShareClaim'
] as const
export type NumericProfileField = (typeof NUMERIC_PROFILE_FIELDS)[number]

/** Server settings a rule may require to be non-empty (and a menu item may link to). */
export const SETTING_PATHS = ['mobileAppData.downloadUrl', 'mobileAppData.iosDownloadUrl'] as const
export type SettingPath = (typeof SETTING_PATHS)[number]

export const ROLES = ['ADMIN', 'AG', 'MEM'] as const
export const CMP_OPS = ['lt', 'le', 'eq', 'ne', 'ge', 'gt'] as const
/** Every operator a rule object may hold (exactly one of them). */
export const RULE_OPERATORS = ['all', 'any', 'not', 'role', 'perm', 'adminPerm', 'flag', 'tt', 'mobile', 'cmp', 'setting'] as const

/** A numeric comparison on a profile field, e.g. { field: 'Rank', op: 'le', value: 2 }. */
export const Comparison = Type.Object({
  field: Type.Enum([...NUMERIC_PROFILE_FIELDS], { description: 'a numeric profile field' }),
  op: Type.Enum([...CMP_OPS], { description: 'lt, le, eq, ne, ge or gt' }),
  value: Type.Number()
}, { additionalProperties: false })

/** How deep all, any and not may nest: deeper rules are refused at load (a 300,000-deep one would overflow the stack). */
export const MAX_RULE_DEPTH = 8

const plainOperators = {
  role: Type.Optional(Type.Enum([...ROLES], { description: 'the profile Role is this one' })),
  perm: Type.Optional(Type.String({ minLength: 1, description: 'Granted holds this permission or *' })),
  adminPerm: Type.Optional(Type.String({ minLength: 1, description: 'role ADMIN and (AliasId ADMIN or Granted holds this permission or *)' })),
  flag: Type.Optional(Type.Enum([...NUMERIC_PROFILE_FIELDS], { description: 'this numeric profile switch is non-zero' })),
  tt: Type.Optional(Type.Literal(true, { description: 'the current location is a TT (TOTO) location' })),
  mobile: Type.Optional(Type.Literal(true, { description: 'the request comes from a mobile browser' })),
  cmp: Type.Optional(Comparison),
  setting: Type.Optional(Type.Enum([...SETTING_PATHS], { description: 'this server setting is a non-empty text' }))
}

const describeRule = 'a rule: exactly one of all, any, not, role, perm, adminPerm, flag, tt, mobile, cmp, setting'

/** The rule language's shape, unbounded: the type every rule has (all/any/not nest further rules). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is used, as the type of the bounded schema below
const RecursiveRule = Type.Cyclic({
  Rule: Type.Object({
    all: Type.Optional(Type.Array(Type.Ref('Rule'))),
    any: Type.Optional(Type.Array(Type.Ref('Rule'))),
    not: Type.Optional(Type.Ref('Rule')),
    ...plainOperators
  })
}, 'Rule')

/** The rule at one nesting depth: all/any/not refer to the next depth; the deepest takes only plain operators. */
function ruleAtDepth (depth: number) {
  const next = Type.Ref(`Rule${depth + 1}`)
  const nesting = {
    all: Type.Optional(Type.Array(next, { minItems: 1, description: 'true when every rule is true' })),
    any: Type.Optional(Type.Array(next, { minItems: 1, description: 'true when one rule is true' })),
    not: Type.Optional(next)
  }
  const deepest = depth === MAX_RULE_DEPTH
  return Type.Object(deepest ? plainOperators : { ...nesting, ...plainOperators }, {
    additionalProperties: false,
    minProperties: 1,
    maxProperties: 1,
    description: deepest ? `${describeRule}; at depth ${MAX_RULE_DEPTH} no further all, any or not` : describeRule
  })
}

/**
 * A rule: an object with exactly one operator; all/any/not nest further rules, at most MAX_RULE_DEPTH deep. Unrolled
 * one definition per depth, as JSON Schema cannot count; typed as the unbounded shape, which every bounded rule has.
 */
export const Rule = Type.Cyclic(
  Object.fromEntries(Array.from({ length: MAX_RULE_DEPTH }, (_, i) => [`Rule${i + 1}`, ruleAtDepth(i + 1)])),
  'Rule1'
) as unknown as typeof RecursiveRule
export type Rule = Static<typeof Rule>

/** The root of rule.schema.json (a rule on its own, for tooling). */
export const configFileSchema = Rule
