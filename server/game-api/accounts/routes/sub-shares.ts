// Sub share (Control › Sub Share): the company's share of the prefix's game split among named holders, the parts never above 100 %. ADMIN only.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { zoneIso, type Game } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { deleteSubShare, insertSubShare, lockedSubShareSum, subSharesOf, type SubShareRow } from '../store/sub-shares.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'

const SubShare = Type.Object({ SubShareId: Type.Integer(), Game: Type.String(), Holder: Type.String(), Share: Type.Number(), CreatedBy: Type.String(), CreatedDate: Type.String() })
const toSubShare = (r: SubShareRow) => ({ SubShareId: Number(r.sub_share_id), Game: r.game, Holder: r.holder, Share: Number(r.share), CreatedBy: r.created_by, CreatedDate: zoneIso(new Date(r.created_at)) })
const percent = (n: number) => `${Math.round(n * 10000) / 100} %`

/** GET subShare, POST subShare, DELETE subShare/{id}. */
const subShareRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.addHook('preHandler', async (request) => { if (caller(request).role !== 'ADMIN') throw errors.adminOnly() })

  app.get('/subShare', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(SubShare)) } }, async () => {
    return ok((await subSharesOf(app.db, game)).map(toSubShare))
  })

  app.post('/subShare', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        Holder: Type.String({ minLength: 1, maxLength: 50, description: 'the holder\'s name, 1 to 50 characters' }),
        Share: Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'above 0 and at most 1, in steps of 0.01' })
      }),
      response: envelope(SubShare)
    }
  }, async (request) => {
    const { Holder: holder, Share: share } = request.body
    if (!inWholeCents(share)) throw errors.shareNotCents(share)
    const row = await app.db.transaction(async (tx) => {
      const given = await lockedSubShareSum(tx, game)
      if (given + share > 1 + 1e-9) throw errors.subSharesOver(share, game, percent(given + share), percent(given))
      const inserted = await insertSubShare(tx, game, holder.trim(), share, caller(request).userId, app.gaNow())
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'subShare.create', detail: { game, Holder: holder, Share: share } })
      return inserted
    })
    // INSERT … RETURNING always answers the row: its absence is a fault (500), not a refusal.
    if (!row) throw new Error('the sub share INSERT returned no row')
    return ok(toSubShare(row))
  })

  app.delete('/subShare/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Literal(true)) }
  }, async (request) => {
    await app.db.transaction(async (tx) => {
      if (!await deleteSubShare(tx, game, request.params.id)) throw errors.subShareNotFound(request.params.id)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'subShare.delete', detail: { SubShareId: request.params.id } })
    })
    return ok(true as const)
  })
}

export default subShareRoutes
