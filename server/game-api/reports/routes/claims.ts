// Recorded share claims: GET shareClaim (list), POST shareClaim (record one downline's), PUT generateShareClaimReport (record a whole group's), DELETE shareClaim/:id.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../betting/rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline, subjectOf } from '../../lib/downline-access.ts'
import { assertShareClaimAdmin, directPair } from '../store/claim-access.ts'
import { listClaims, recordClaims, recordGroupClaims } from '../store/claims.ts'
import { shareClaimErrors } from '../errors.ts'
import { PeriodFields, closedPeriodOf, periodOf } from '../store/claim-period.ts'
import { ClaimSchema } from '../schemas.ts'

const UserRef = Type.String({ minLength: 1, maxLength: 50 })

/** The recorded claims of the Share Claim page. */
const claimRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/shareClaim', {
    schema: { querystring: Type.Object({ ...PeriodFields, DownlineId: Type.Optional(Type.String({ maxLength: 50 })) }), response: envelope(Type.Array(ClaimSchema)) }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, request)
    const uplineId = await subjectOf(app.db, caller(request), request.query.UserId)
    const { drawFrom, drawTo } = periodOf(request.query, 'querystring')
    return ok(await listClaims(app.db, game, uplineId, { drawFrom, drawTo, downline: request.query.DownlineId || undefined }))
  })

  app.post('/shareClaim', {
    schema: { body: Type.Object({ ...PeriodFields, DownlineId: UserRef }), response: envelope(Type.Array(ClaimSchema)) }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, request)
    const body = request.body
    const uplineId = await directPair(app.db, request, body.UserId, body.DownlineId)
    const period = await closedPeriodOf(app.db, game, body, shareClaimErrors.noPeriod)
    const written = await app.db.transaction(async (tx) => {
      const n = await recordClaims(tx, game, uplineId, period, caller(request).userId, app.gaNow(), body.DownlineId)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'shareClaim.record', detail: { UplineId: uplineId, DownlineId: body.DownlineId, ...period } })
      return n
    })
    if (written === 0) throw shareClaimErrors.nothingToClaim(body.DownlineId, period.drawFrom, period.drawTo)
    return ok(await listClaims(app.db, game, uplineId, { ...period, downline: body.DownlineId }))
  })

  app.put('/generateShareClaimReport', {
    schema: { body: Type.Object(PeriodFields), response: envelope(Type.Object({ DrawFrom: Type.String(), DrawTo: Type.String(), Claims: Type.Integer() })) }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, request)
    const userId = await subjectOf(app.db, caller(request), request.body.UserId)
    const period = await closedPeriodOf(app.db, game, request.body, shareClaimErrors.noPeriod)
    const claims = await app.db.transaction(async (tx) => {
      const n = await recordGroupClaims(tx, game, userId, period, caller(request).userId, app.gaNow())
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'shareClaim.generate', detail: { UserId: userId, ...period, Claims: n } })
      return n
    })
    return ok({ DrawFrom: period.drawFrom, DrawTo: period.drawTo, Claims: claims })
  })

  app.delete('/shareClaim/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Deleted: Type.Integer() })) }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, request)
    const id = request.params.id
    return ok(await app.db.transaction(async (tx) => {
      const { rows: [claim] } = await tx.query<{ upline_id: string, claim_back_id: number | null }>('SELECT upline_id, claim_back_id FROM share_claims WHERE claim_id = $1 AND game = $2 FOR UPDATE', [id, game])
      if (!claim) throw shareClaimErrors.claimNotFound(id)
      await assertSelfOrDownline(tx, caller(request), claim.upline_id).catch(() => { throw shareClaimErrors.claimNotFound(id) })
      if (claim.claim_back_id !== null) throw shareClaimErrors.claimImported(id, claim.claim_back_id)
      await tx.query('DELETE FROM share_claims WHERE claim_id = $1', [id])
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'shareClaim.delete', detail: { ClaimId: id } })
      return { Deleted: 1 }
    }))
  })
}

export default claimRoutes
