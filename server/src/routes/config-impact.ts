import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConfigImpact, type UserImpact } from '../../../schemas/config-impact.ts'
import { UiError, configErrors } from '../errors.ts'
import { readDraft } from '../config/drafts.ts'
import { draftConfig } from '../config/draft-view.ts'
import { contextClass, groupImpacts, impactPaths, ruleFields, viewImpact, type ExaminedUser, type ViewImpact } from '../config/impact.ts'
import { isTT } from '../config/rules.ts'
import { operatorOf } from './config-access.ts'
import { impactSubjects, MAX_IMPACT_USERS } from './config-impact-users.ts'

const DraftId = Type.Object({ id: Type.Integer({ minimum: 1, description: 'the draft number' }) })

/**
 * GET /ui/config/drafts/:id/impact (ConfigEdit): whose menus, pages and report columns publishing the draft would change, per
 * role and location. Every user the game API's tree holds is resolved at each of their locations with the draft and with the
 * live config, as preview does, apart from the live config and its caches; users whose rules read the same facts are resolved once.
 */
export default async function configImpactRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get('/ui/config/drafts/:id/impact', {
    schema: {
      summary: 'Which users\' menus, pages and report columns the draft would change if it were published, per role and location (ConfigEdit; read with your own rights)',
      description: `Reads the users of your tree (the game API's memberTree), each user's profile and locations, and each location's settings with your own game API rights, as GET /ui/explain does; up to ${MAX_IMPACT_USERS} users are resolved, beyond that the first of each role and depth stand for the rest (users.examined says how many). The draft is resolved apart from the live config and its caches, and the read is audited.`,
      tags: ['config'],
      params: DraftId,
      querystring: Type.Object({ mobile: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')], { description: '1 to compare the mobile variants (desktop by default)' })) }),
      response: { 200: ConfigImpact, '4xx': UiError, '5xx': UiError }
    }
  }, async (request, reply) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const draft = await readDraft(app.store, request.params.id)
    const next = draftConfig(draft.files)
    const live = app.configStore.current()
    const liveNumber = app.configStore.versionNumber()
    const mobile = request.query.mobile === '1'
    const session = app.sessions.read(request)
    if (!session) throw configErrors.CONFIG_AUTH_REQUIRED() // operatorOf refused that already
    const own = (await app.userContext.own(request, session)).location
    const { known, examined, subjects } = await impactSubjects(app, request, session.token, own, mobile)
    await app.audit.record(app.audit.entryFor(request, { action: 'config-impact', ...operator.actor, detail: { draft: draft.id, revision: draft.revision, live: liveNumber, mobile, users: examined } }))

    const paths = impactPaths([live, next])
    const fields = ruleFields([live, next])
    // One resolution per class of rule context: users whose rules read the same facts are served the same menus and pages.
    const byClass = new Map<string, ViewImpact>()
    const users: ExaminedUser[] = subjects.map(({ profile, location, ctx }) => {
      const key = contextClass(ctx, fields)
      let impact = byClass.get(key)
      if (!impact) { impact = viewImpact(live, next, ctx, paths); byClass.set(key, impact) }
      return { UserId: profile.UserId, Role: profile.Role, Rank: profile.Rank, LocId: location.LocId, ctx, ...impact }
    })
    const changes: UserImpact[] = users
      .filter((u) => u.menu.length > 0 || u.pages.length > 0)
      .map(({ ctx, ...user }) => ({ ...user, tt: isTT(ctx) }))
    reply.header('cache-control', 'no-store')
    return { live: liveNumber, mobile, users: { known, examined }, groups: groupImpacts(users), changes }
  })
}
