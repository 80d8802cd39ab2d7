import { Type, type Static } from 'typebox'

// The parts of the game API contract that the service reads (and the reference game API answers with).

/** A location a user may work in; flags travel with the location: TT (TOTO), MG (Magnum), Thai. */
export const Location = Type.Object({
  LocId: Type.String({ minLength: 1 }),
  Loc: Type.String(),
  flags: Type.Array(Type.Union([Type.Literal('TT'), Type.Literal('MG'), Type.Literal('Thai')]))
})
export type Location = Static<typeof Location>

export const Role = Type.Union([Type.Literal('ADMIN'), Type.Literal('AG'), Type.Literal('MEM')])
export type Role = Static<typeof Role>

/** The signed-in user's profile: every field of seed 001 §3. Numeric switches are numbers (0 is off). */
export const Profile = Type.Object({
  UserId: Type.String(),
  LoginId: Type.String(),
  ParentId: Type.Union([Type.String(), Type.Null()]),
  Role,
  AliasId: Type.String(),
  Granted: Type.Array(Type.String()),
  Loc: Type.Object({ LocId: Type.String(), Loc: Type.String() }),
  Rank: Type.Number(),
  Credit: Type.Number(),
  AccBal: Type.Number(),
  CreditLeft: Type.Number(),
  EnableCreateAgent: Type.Number(),
  EnableCreateDownline: Type.Number(),
  EnablePlaceBet: Type.Number(),
  EnableUpload: Type.Number(),
  disablePlaceBetAndFixedBet: Type.Number(),
  tOutSetting1Enabled: Type.Number(),
  dShare: Type.Number(),
  tShare: Type.Number(),
  dEnableViewShareClaim: Type.Number(),
  VipTopBGImage: Type.String(),
  VipLeftCss: Type.String(),
  ColorTbl01: Type.String(),
  ColorTbl02: Type.String(),
  termsAccepted: Type.Boolean(),
  updatePassword: Type.Boolean()
})
export type Profile = Static<typeof Profile>

/** GET 4d|tt/settings. Dates are ISO 8601 with offset. */
export const ServerSettings = Type.Object({
  serverDate: Type.Object({ ServerDate: Type.String() }),
  serverTime: Type.String(),
  dClose: Type.Object({ CloseDate: Type.String() }),
  tClose: Type.Object({ CloseDate: Type.String() }),
  mobileAppData: Type.Object({ downloadUrl: Type.String(), iosDownloadUrl: Type.String() })
})
export type ServerSettings = Static<typeof ServerSettings>

/** GET 4d|tt/draw/series → data: each series' close time (HH:mm, GMT+8, on the draw day), its default and its draw time. */
export const DrawSeriesSetting = Type.Object({
  Series: Type.String({ description: 'SG4D, MG4D or TOTO' }),
  CloseTime: Type.String(),
  DefaultCloseTime: Type.String(),
  DrawTime: Type.String()
})
export type DrawSeriesSetting = Static<typeof DrawSeriesSetting>

/** GET 4d|tt/getCurrencyCode: the ISO 4217 code money is kept in. */
export const CurrencyAnswer = Type.Object({ CurrencyCode: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217, e.g. SGD' }) })
export type CurrencyAnswer = Static<typeof CurrencyAnswer>

/** GET 4d|tt/smsSetting → data.qResults */
export const SmsSettings = Type.Object({
  SMSNumber: Type.String(),
  TelegramBot: Type.String(),
  OpenTime: Type.String(),
  CloseTime: Type.String(),
  OpenDay: Type.String(),
  SMSHelpdesk: Type.String()
})
export type SmsSettings = Static<typeof SmsSettings>

export const Announcement = Type.Object({
  AnnouncementId: Type.Integer(),
  Content: Type.String(),
  Color: Type.String(),
  PopUp: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  LocId: Type.Union([Type.String(), Type.Null()]),
  CreatedBy: Type.String(),
  CreatedDate: Type.String()
})
export type Announcement = Static<typeof Announcement>

/** POST oauth/token → data */
export const TokenGrant = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  updatePassword: Type.Boolean()
})
export type TokenGrant = Static<typeof TokenGrant>

/** GET /api/captcha/required: whether the next sign-in from this address (and with this user id, when given) must carry a captcha. */
export const CaptchaCheck = Type.Object({ captchaRequired: Type.Boolean() })
export type CaptchaCheck = Static<typeof CaptchaCheck>

/** Every failure: message for people, data for a list of reasons, subCode 8000 (with t, the end time) during maintenance. */
export const Failure = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  // The reference game API's own: a stable GA_* code and the values the message is made of, for clients that translate.
  code: Type.Optional(Type.String()),
  params: Type.Optional(Type.Array(Type.String())),
  data: Type.Optional(Type.Array(Type.String())),
  subCode: Type.Optional(Type.Integer()),
  t: Type.Optional(Type.String()),
  captchaRequired: Type.Optional(Type.Boolean())
})
export type Failure = Static<typeof Failure>

/** A success envelope around data of schema T. */
export const Success = <T extends Parameters<typeof Type.Object>[0][string]>(data: T) => Type.Object({ success: Type.Literal(true), data })

/** Maintenance sub-code carried by every call while maintenance is on. */
export const MAINTENANCE_SUBCODE = 8000
