import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SessionView } from '../../../../schemas/session.ts'
import { buildMenu } from '../../config/menu.ts'
import { UiError, errors } from '../../errors.ts'
import { detectMobile } from '../../session/mobile.ts'
import { sharedRuleContext } from '../../session/rule-context.ts'
import { advanceServerTime } from '../../session/server-time.ts'

/** GET /ui/session: the signed-in user's shell: profile summary, locations, theme, settings, config version, CSRF token and menu. */
export default async function sessionRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/session', {
    schema: {
      summary: 'The signed-in user, the current location, the settings the shell needs and the menu; 401 without a session',
      tags: ['session'],
      querystring: Type.Object({
        mobile: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')], { description: '1 for the mobile menu variants, 0 for desktop; remembered in the session' })),
        optional: Type.Optional(Type.Literal('1', { description: 'a check, not a need: signed out answers 204 instead of 401 (the sign-in page asks this way, so its console stays clean)' }))
      }),
      response: { 200: SessionView, 204: Type.Null({ description: 'signed out, asked with optional=1' }), '4xx': UiError, '5xx': UiError }
    }
  }, async (request, reply) => {
    const session = app.sessions.read(request)
    if (!session && request.query.optional === '1') return reply.header('cache-control', 'no-store').code(204).send(null)
    if (!session) throw errors.notSignedIn()
    let mobile = session.mobile
    if (request.query.mobile !== undefined) {
      mobile = detectMobile(request.headers, request.query.mobile)
      if (mobile !== session.mobile) app.sessions.update(request, { mobile })
    }
    const user = await app.userContext.load(request, session, { fresh: true })
    const config = app.configStore.current()
    const { profile, settings } = user
    reply.header('cache-control', 'no-store')
    return {
      profile: { UserId: profile.UserId, AliasId: profile.AliasId, Role: profile.Role, Rank: profile.Rank, Credit: profile.Credit, AccBal: profile.AccBal, CreditLeft: profile.CreditLeft },
      termsAccepted: session.termsAccepted || profile.termsAccepted,
      location: user.location,
      locations: user.locations,
      game: user.game,
      mobile,
      theme: { VipTopBGImage: profile.VipTopBGImage, VipLeftCss: profile.VipLeftCss, ColorTbl01: profile.ColorTbl01, ColorTbl02: profile.ColorTbl02 },
      settings: {
        serverTime: advanceServerTime(settings.serverTime, user.settingsReadAt, Date.now()),
        serverDate: settings.serverDate.ServerDate,
        closeDate: user.game === 'tt' ? settings.tClose.CloseDate : settings.dClose.CloseDate,
        dCloseDate: settings.dClose.CloseDate,
        tCloseDate: settings.tClose.CloseDate,
        sms: user.sms,
        currency: user.currency,
        mobileAppData: settings.mobileAppData
      },
      configVersion: config.version,
      csrfToken: session.csrf,
      menu: buildMenu(config, sharedRuleContext(user, mobile)),
      ...(session.preview ? { preview: { UserId: session.preview.UserId, LocId: session.preview.LocId, by: session.UserId } } : {})
    }
  })
}
