import { Type, type Static } from 'typebox'

// A brand is one white-label skin of the sign-in screen (seed 000 §1): behaviour is identical, only these fields differ.

/** The four wordings of the sign-in button seen across brands. */
export const ButtonWording = Type.Union([Type.Literal('Login'), Type.Literal('LOGIN'), Type.Literal('SignIn'), Type.Literal('Sign in')])
export type ButtonWording = Static<typeof ButtonWording>

/** The brand's logo, a file in brands/assets/<lower-cased key>/ shown at its natural size. */
export const BrandLogo = Type.Object({
  file: Type.String({ pattern: '^[A-Za-z0-9._-]+$', description: 'file name inside brands/assets/<lower-cased key>/' }),
  width: Type.Number({ exclusiveMinimum: 0, description: 'CSS pixels, e.g. 331' }),
  height: Type.Number({ exclusiveMinimum: 0, description: 'CSS pixels, e.g. 163 or 175.88' })
}, { additionalProperties: false })
export type BrandLogo = Static<typeof BrandLogo>

/** The variant switches of seed 000 §1; every one is off when absent. */
export const BrandSwitches = Type.Object({
  languageSelector: Type.Optional(Type.Boolean({ description: 'English / Chinese selector with values EN and CH' })),
  heading: Type.Optional(Type.Literal('Log-in', { description: 'a heading above the form' })),
  emailLabel: Type.Optional(Type.Boolean({ description: 'label the user field Email' })),
  topNav: Type.Optional(Type.Boolean({ description: 'top navigation (home, podcasts, gallery, about us, create new account, sign in) whose sign-in entry toggles the login box' })),
  toggleLoginBox: Type.Optional(Type.Boolean({ description: 'a login button toggles the login box, a click elsewhere closes it' }))
}, { additionalProperties: false })
export type BrandSwitches = Static<typeof BrandSwitches>

/** A colour as #rrggbb. */
const Colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'a colour as #rrggbb, e.g. #1d4e89' })

/** The brand's design tokens in the signed-in app and on the sign-in screen (buttons, links, focus, header). */
export const BrandTheme = Type.Object({
  primary: Colour,
  header: Type.Optional(Colour)
}, { additionalProperties: false, description: 'colours of the brand: primary (buttons, links, focus ring) and header (the app bar under its background image)' })
export type BrandTheme = Static<typeof BrandTheme>

/** One brands/<key>.json file. */
export const Brand = Type.Object({
  $schema: Type.Optional(Type.String()),
  key: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'brand key; its lower-cased form names the assets folder' }),
  name: Type.String({ minLength: 1, description: 'shown as the page title and the logo text alternative' }),
  nameZh: Type.Optional(Type.String({ minLength: 1, description: 'the name a user reading Chinese sees instead of name (absent: name in both languages)' })),
  hosts: Type.Array(Type.String({ pattern: '^[a-z0-9.-]+$', description: 'host name without port, lower case' }), { description: 'hosts this brand serves' }),
  default: Type.Optional(Type.Boolean({ description: 'served to any host no brand names; exactly one brand has it' })),
  logo: Type.Union([BrandLogo, Type.Null()], { description: 'null when the brand shows no logo' }),
  logoZh: Type.Optional(BrandLogo),
  button: ButtonWording,
  style: Type.String({ pattern: '^[a-z0-9_-]+$', description: 'style folder in brands/assets/ holding style.css' }),
  theme: Type.Optional(BrandTheme),
  switches: BrandSwitches
}, { additionalProperties: false })
export type Brand = Static<typeof Brand>

/** A logo as the client loads it. */
export const PublicLogo = Type.Object({ url: Type.String(), width: Type.Number(), height: Type.Number() })
export type PublicLogo = Static<typeof PublicLogo>

/** GET /ui/brand: what the sign-in screen needs, with asset URLs resolved. */
export const PublicBrand = Type.Object({
  key: Type.String(),
  name: Type.String(),
  nameZh: Type.Optional(Type.String()),
  logo: Type.Union([PublicLogo, Type.Null()]),
  logoZh: Type.Optional(PublicLogo),
  button: ButtonWording,
  styleUrl: Type.String(),
  theme: Type.Optional(BrandTheme),
  switches: BrandSwitches
})
export type PublicBrand = Static<typeof PublicBrand>

/** The root of brand.schema.json (picked up by npm run schemas:build). */
export const configFileSchema = Brand
