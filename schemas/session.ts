import { Type, type Static } from 'typebox'
import { Location, Role, SmsSettings } from './game-api.ts'
import { MenuView } from './menu.ts'
import { PlainText } from './common.ts'

// The wire format of the service's session routes (/ui/login, /ui/session, …), shared by the service and the client.

/** Languages the sign-in form may send. */
export const Lang = Type.Union([Type.Literal('en'), Type.Literal('zh'), Type.Literal('ch')])

/** POST /ui/login body. */
export const LoginBody = Type.Object({
  UserId: PlainText({ minLength: 1, maxLength: 50 }),
  Password: PlainText({ minLength: 1, maxLength: 128 }),
  Lang,
  Token: Type.Optional(PlainText({ maxLength: 32, description: 'the captcha answer' })),
  xToken: Type.Optional(PlainText({ maxLength: 256, description: 'the x-token header of GET /ui/captcha' }))
}, { additionalProperties: false })
export type LoginBody = Static<typeof LoginBody>

/** POST /ui/login answer. csrfToken is empty when updatePassword is true: no session is kept, the user goes to change the password. */
export const LoginAnswer = Type.Object({
  updatePassword: Type.Boolean(),
  termsAccepted: Type.Boolean(),
  LocId: Type.String(),
  csrfToken: Type.String()
})
export type LoginAnswer = Static<typeof LoginAnswer>

/** GET /ui/captcha/required query: the sign-in page's pre-check, for the address alone or with the typed user id. */
export const CaptchaCheckQuery = Type.Object({
  UserId: Type.Optional(PlainText({ minLength: 1, maxLength: 50 }))
}, { additionalProperties: false })
export type CaptchaCheckQuery = Static<typeof CaptchaCheckQuery>

/** POST /ui/password body: with UserId, Token and xToken the forced change from the sign-in area, otherwise the signed-in change. */
export const PasswordBody = Type.Object({
  UserId: Type.Optional(PlainText({ minLength: 1, maxLength: 50 })),
  OldPassword: PlainText({ minLength: 1, maxLength: 128 }),
  Password1: PlainText({ maxLength: 128 }),
  Password2: PlainText({ maxLength: 128 }),
  Token: Type.Optional(PlainText({ maxLength: 32 })),
  xToken: Type.Optional(PlainText({ maxLength: 256 }))
}, { additionalProperties: false })
export type PasswordBody = Static<typeof PasswordBody>

/** POST /ui/password answer: the game API's message; signedOut when the change ended the session (the game API revokes the user's tokens). */
export const PasswordAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  signedOut: Type.Boolean()
})
export type PasswordAnswer = Static<typeof PasswordAnswer>

/** POST /ui/terms body and answer. */
export const TermsBody = Type.Object({ agree: Type.Boolean() }, { additionalProperties: false })
export type TermsBody = Static<typeof TermsBody>
export const TermsAnswer = Type.Object({ termsAccepted: Type.Boolean(), signedOut: Type.Boolean() })
export type TermsAnswer = Static<typeof TermsAnswer>

/** A plain acknowledgement (logout). */
export const Done = Type.Object({ success: Type.Literal(true) })
export type Done = Static<typeof Done>

/** GET /ui/session: everything the shell needs for the signed-in user at the current location. */
export const SessionView = Type.Object({
  profile: Type.Object({
    UserId: Type.String(),
    AliasId: Type.String(),
    Role,
    Rank: Type.Number(),
    Credit: Type.Number(),
    AccBal: Type.Number(),
    CreditLeft: Type.Number()
  }),
  termsAccepted: Type.Boolean(),
  location: Location,
  locations: Type.Array(Location),
  game: Type.Union([Type.Literal('4d'), Type.Literal('tt')], { description: 'tt when the current location has the TT flag' }),
  mobile: Type.Boolean(),
  theme: Type.Object({ VipTopBGImage: Type.String(), VipLeftCss: Type.String(), ColorTbl01: Type.String(), ColorTbl02: Type.String() }),
  settings: Type.Object({
    serverTime: Type.String({ description: 'now on the game API clock, ISO 8601 with its offset' }),
    serverDate: Type.String(),
    closeDate: Type.String({ description: 'the next close of the current game (4D or TOTO)' }),
    dCloseDate: Type.String(),
    tCloseDate: Type.String(),
    sms: SmsSettings,
    currency: Type.String({ description: 'ISO 4217 code of the money shown (getCurrencyCode)' }),
    mobileAppData: Type.Object({ downloadUrl: Type.String(), iosDownloadUrl: Type.String() })
  }),
  configVersion: Type.String(),
  csrfToken: Type.String({ description: 'send in x-csrf-token with every non-GET request' }),
  menu: MenuView,
  preview: Type.Optional(Type.Object({
    UserId: Type.String({ description: 'whose view this is' }),
    LocId: Type.String(),
    by: Type.String({ description: 'the supporter previewing (whose rights read the data)' })
  }, { description: 'set while a supporter previews the application as another user: read-only, DELETE /ui/preview goes back' }))
})
export type SessionView = Static<typeof SessionView>

/** PUT /ui/session/location body and answer. */
export const LocationBody = Type.Object({ LocId: Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9_-]+$' }) }, { additionalProperties: false })
export type LocationBody = Static<typeof LocationBody>
export const LocationAnswer = Type.Object({ location: Location, game: Type.Union([Type.Literal('4d'), Type.Literal('tt')]) })
export type LocationAnswer = Static<typeof LocationAnswer>
