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

/** A rule: an object with exactly one operator; all/any/not nest further rules. */
export const Rule = Type.Cyclic({
  Rule: Type.Object({
    all: Type.Optional(Type.Array(Type.Ref('Rule'), { minItems: 1, description: 'true when every rule is true' })),
    any: Type.Optional(Type.Array(Type.Ref('Rule'), { minItems: 1, description: 'true when one rule is true' })),
    not: Type.Optional(Type.Ref('Rule')),
    role: Type.Optional(Type.Enum([...ROLES], { description: 'the profile Role is this one' })),
    perm: Type.Optional(Type.String({ minLength: 1, description: 'Granted holds this permission or *' })),
    adminPerm: Type.Optional(Type.String({ minLength: 1, description: 'role ADMIN and (AliasId ADMIN or Granted holds this permission or *)' })),
    flag: Type.Optional(Type.Enum([...NUMERIC_PROFILE_FIELDS], { description: 'this numeric profile switch is non-zero' })),
    tt: Type.Optional(Type.Literal(true, { description: 'the current location is a TT (TOTO) location' })),
    mobile: Type.Optional(Type.Literal(true, { description: 'the request comes from a mobile browser' })),
    cmp: Type.Optional(Comparison),
    setting: Type.Optional(Type.Enum([...SETTING_PATHS], { description: 'this server setting is a non-empty text' }))
  }, { additionalProperties: false, minProperties: 1, maxProperties: 1, description: 'a rule: exactly one of all, any, not, role, perm, adminPerm, flag, tt, mobile, cmp, setting' })
}, 'Rule')
export type Rule = Static<typeof Rule>

/** The root of rule.schema.json (a rule on its own, for tooling). */
export const configFileSchema = Rule
