// The wire shapes of agents/ and players/ calls (seed 001 §7), one place for the routes and the contract tests.
import { PlainText } from '../../../schemas/common.ts'
import { Type, type Static } from 'typebox'
import { LocIdField } from '../lib/envelope.ts'
import { POSITION_RANGES, type PositionField } from '../../../schemas/domain/position-ranges.ts'
import { USER_ID_RULE } from '../../../schemas/domain/user-id.ts'
import { LINE_STAKE_BOUND } from '../../../schemas/game/index.ts'

const Money = Type.Number({ minimum: 0, maximum: 1e12, description: 'dollars, in cents at most' })
// An integer, so a form's checkbox (true or false) is taken as 1 or 0.
const Flag = Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' })
const UserRef = Type.String({ minLength: 1, maxLength: 50, description: 'a user id' })
const position = (field: PositionField) => Type.Number({ minimum: POSITION_RANGES[field].min, maximum: POSITION_RANGES[field].max, description: `${POSITION_RANGES[field].min} to ${POSITION_RANGES[field].max} in steps of ${POSITION_RANGES[field].step}` })

/** One row of a downline list. */
export const AccountRow = Type.Object({
  UserId: Type.String(),
  UserName: Type.String(),
  Role: Type.String(),
  ParentId: Type.Union([Type.String(), Type.Null()]),
  Credit: Type.Number(),
  CreditLeft: Type.Number(),
  AccBal: Type.Number(),
  dShare: Type.Number(),
  tShare: Type.Number(),
  Status: Type.Union([Type.Literal('Active'), Type.Literal('Suspended')]),
  Suspended: Type.Boolean(),
  Children: Type.Integer({ minimum: 0 })
})
export type AccountRow = Static<typeof AccountRow>

/** A downline's full profile: the row, its position, flags and locations. */
export const AccountProfile = Type.Object({
  ...AccountRow.properties,
  Rank: Type.Integer(),
  dCommission: Type.Number(),
  tCommission: Type.Number(),
  Tax: Type.Number(),
  EnableCreateAgent: Type.Number(),
  EnableCreateDownline: Type.Number(),
  EnablePlaceBet: Type.Number(),
  EnableUpload: Type.Number(),
  Locations: Type.Array(Type.String()),
  MaxLineStake: Type.Number({ description: 'the most one bet line may stake in one draw, in dollars' }),
  updatePassword: Type.Boolean()
})
export type AccountProfile = Static<typeof AccountProfile>

/** A mobile number as PUT mobile and PUT mobile2 take it. */
export const MobileNumber = Type.String({ pattern: '^\\+?[0-9]{6,20}$', description: 'digits with an optional leading +, 6 to 20 digits' })

export const ListQuery = Type.Object({ LocId: LocIdField, UserId: Type.Optional(UserRef) })
export const SearchQuery = Type.Object({
  LocId: LocIdField,
  txtSearch: Type.String({ maxLength: 50, description: 'part of a user id or name' }),
  UserId: Type.Optional(UserRef)
})
export const ProfileQuery = Type.Object({ LocId: LocIdField, UserId: UserRef })

const Flags = {
  EnableCreateAgent: Type.Optional(Flag),
  EnableCreateDownline: Type.Optional(Flag),
  EnablePlaceBet: Type.Optional(Flag),
  EnableUpload: Type.Optional(Flag)
}
export const Position = {
  dShare: Type.Optional(position('dShare')),
  tShare: Type.Optional(position('tShare')),
  dCommission: Type.Optional(position('dCommission')),
  tCommission: Type.Optional(position('tCommission')),
  Tax: Type.Optional(position('Tax'))
}

export const CreateQuery = Type.Object({ Simple: Type.Optional(Type.Boolean({ description: 'true: only UserId, UserName and Credit; the rest is the defaults' })) })
export const CreateBody = Type.Object({
  LocId: LocIdField,
  UserId: Type.String({ minLength: 1, maxLength: 50, description: USER_ID_RULE }),
  UserName: Type.Optional(Type.String({ maxLength: 50, description: 'a display name of at most 50 characters' })),
  ParentId: Type.Optional(UserRef),
  Credit: Type.Optional(Money),
  Locations: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 20 })),
  ...Flags,
  ...Position
})
export type CreateBody = Static<typeof CreateBody>

/** A created account and its one-time password (shown once; the user must change it at first sign-in). */
export const Created = Type.Object({ UserId: Type.String(), Password: Type.String(), updatePassword: Type.Literal(true) })

export const UpdateBody = Type.Object({
  LocId: LocIdField,
  UserId: UserRef,
  UserName: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'a display name of 1 to 50 characters' })),
  Locations: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 20 })),
  ...Flags
})
export type UpdateBody = Static<typeof UpdateBody>
// The per-line maximum stake sits with the position: the dialog where a parent sets what a downline may risk.
const MaxLineStake = Type.Optional(Type.Number({ minimum: 1, maximum: LINE_STAKE_BOUND, multipleOf: 1, description: 'whole dollars one bet line may stake in one draw, at most the parent\'s own (the company: any)' }))
export const PositionBody = Type.Object({ LocId: LocIdField, UserId: UserRef, ...Position, MaxLineStake })
export type PositionBody = Static<typeof PositionBody>
export const CreditBody = Type.Object({ LocId: LocIdField, UserId: UserRef, Credit: Money })
export const SuspendBody = Type.Object({ LocId: LocIdField, UserId: UserRef, Suspended: Type.Boolean() })
export const DeleteParams = Type.Object({ ParentId: UserRef, UserId: UserRef })
/** A destructive delete's confirmation: in the body, never the query string (which proxies and logs keep). */
export const SuperPasswordBody = Type.Object({ LocId: Type.Optional(LocIdField), SuperPassword: Type.Optional(PlainText({ maxLength: 200, description: 'the caller\'s super password, confirming the delete' })) })
/** A preValidation hook for a DELETE whose body may be absent (a delete that needs no confirmation): the body validates as {}. */
export async function bodyMayBeAbsent (request: { body: unknown }): Promise<void> {
  request.body ??= {}
}
