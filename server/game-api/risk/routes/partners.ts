// Distributor partners (Out Setting 3): the downline agents and admins an owner lets throw to its distributor too, and the outlet's web address.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { groupOf, subjectOf } from '../../lib/downline-access.ts'
import { assertOutSet } from '../store/out-set.ts'
import { ownedDistributor, lockDistributor, partnersOf, replacePartners, setDistributorWeb } from '../store/distributors.ts'
import { outsetErrors } from '../errors.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Candidate = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), Partner: Type.Boolean() })
const UserRef = Type.String({ minLength: 1, maxLength: 50, description: 'a user id' })
// An http(s) address only: the page shows it as a link, so no javascript: or data: address may be stored.
const Web = Type.String({ maxLength: 200, pattern: '^(https?://[^\\s<>"]+)?$', description: 'the outlet\'s web address (http:// or https://); empty clears it; absent keeps it' })

/** GET distributors/users/{id}; PUT distributors/{id}/partners. Both the owner's only. */
const partnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => { await assertOutSet(app.db, caller(request)) })

  // Who may be a partner: the owner's downline agents and admins (members keep no intake, so they never throw).
  const candidates = async (userId: string) => (await groupOf(app.db, userId)).filter((m) => m.UserId !== userId && (m.Role === 'AG' || m.Role === 'ADMIN'))

  app.get('/distributors/users/:id', {
    schema: { params: Type.Object({ id: Id }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(Candidate)) }
  }, async (request) => {
    // The account's outlet: a staff admin manages the company's (subjectOf).
    const userId = await subjectOf(app.db, caller(request))
    await ownedDistributor(app.db, userId, request.params.id)
    const partners = await partnersOf(app.db, request.params.id)
    // Partners first, so a long downline still shows who is chosen at the top.
    const all = (await candidates(userId)).map((m) => ({ UserId: m.UserId, UserName: m.UserName, Role: m.Role, Partner: partners.has(m.UserId) }))
    return ok(all.sort((a, b) => Number(b.Partner) - Number(a.Partner)))
  })

  app.put('/distributors/:id/partners', {
    schema: {
      params: Type.Object({ id: Id }),
      body: Type.Object({ UserIds: Type.Array(UserRef, { maxItems: 500, uniqueItems: true, description: 'the partners, replacing the list; empty: none' }), Web: Type.Optional(Web), LocId: LocIdField }),
      response: envelope(Type.Array(Type.String()))
    }
  }, async (request) => {
    const userId = await subjectOf(app.db, caller(request))
    const id = request.params.id
    const wanted = request.body.UserIds.map((u) => u.trim())
    const web = request.body.Web
    const allowed = new Set((await candidates(userId)).map((m) => m.UserId))
    const stranger = wanted.find((u) => !allowed.has(u))
    if (stranger !== undefined) throw outsetErrors.partnerNotDownline(stranger)
    await app.db.transaction(async (tx) => {
      // The distributor row stays locked until commit: two replacements of its list cannot interleave.
      await lockDistributor(tx, id)
      await ownedDistributor(tx, userId, id)
      await replacePartners(tx, id, wanted)
      if (web !== undefined) await setDistributorWeb(tx, id, web)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'distributor.partners', detail: { Account: userId, DistributorId: id, UserIds: wanted, ...(web === undefined ? {} : { Web: web }) } })
    })
    return ok([...wanted].sort())
  })
}

export default partnerRoutes
