// Claim-backs, settling recorded claims: POST shareClaimBackSelect (the open claims to choose from), PUT shareClaimBackImport (import the chosen
// ones as one claim-back), POST shareClaimBack (one recorded by hand), PUT shareClaimBack (settle it), DELETE shareClaimBack/:id (undo an
// unsettled one), GET selectReportShareClaimBack.
import { Type, type Static } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../betting/rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline, subjectOf } from '../../lib/downline-access.ts'
import { assertShareClaimAdmin, directPair } from '../store/claim-access.ts'
import { ClaimSchema } from '../schemas.ts'
import { listClaims } from '../store/claims.ts'
import { shareClaimErrors } from '../errors.ts'
import { PeriodFields, periodOf } from '../store/claim-period.ts'

const BackSchema = Type.Object({
  ClaimBackId: Type.Integer(),
  UplineId: Type.String(),
  UserId: Type.String({ description: 'the downline' }),
  Amount: Type.Number({ description: 'the sum of its claims: positive, the downline pays the upline' }),
  Claims: Type.Integer(),
  DrawFrom: Type.String(),
  DrawTo: Type.String(),
  Status: Type.Union([Type.Literal('open'), Type.Literal('settled')]),
  Remarks: Type.String(),
  CreatedDate: Type.String(),
  SettledDate: Type.Union([Type.String(), Type.Null()])
})
type Back = Static<typeof BackSchema>
const IdField = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Remarks = Type.Optional(Type.String({ maxLength: 200 }))

const BACKS_SQL = `SELECT b.claim_back_id AS "ClaimBackId", b.upline_id AS "UplineId", b.downline_id AS "UserId", b.amount::float8 AS "Amount",
    count(c.claim_id)::int AS "Claims", COALESCE(to_char(min(c.draw_from), 'YYYY-MM-DD'), '') AS "DrawFrom", COALESCE(to_char(max(c.draw_to), 'YYYY-MM-DD'), '') AS "DrawTo",
    b.status AS "Status", b.remarks AS "Remarks", to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "CreatedDate",
    to_char(b.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "SettledDate"
  FROM share_claim_backs b LEFT JOIN share_claims c ON c.claim_back_id = b.claim_back_id`

/** One claim-back the caller reaches (its upline is the caller or below), locked; 404 otherwise. */
async function lockBack (q: Queryable, request: FastifyRequest, game: Game, id: number): Promise<{ status: string }> {
  const { rows: [back] } = await q.query<{ upline_id: string, status: string }>('SELECT upline_id, status FROM share_claim_backs WHERE claim_back_id = $1 AND game = $2 FOR UPDATE', [id, game])
  if (!back) throw shareClaimErrors.claimBackNotFound(id)
  await assertSelfOrDownline(q, caller(request), back.upline_id).catch(() => { throw shareClaimErrors.claimBackNotFound(id) })
  return back
}

async function backById (q: Queryable, id: number): Promise<Back> {
  const { rows: [back] } = await q.query<Back>(`${BACKS_SQL} WHERE b.claim_back_id = $1 GROUP BY b.claim_back_id`, [id])
  if (!back) throw shareClaimErrors.claimBackNotFound(id)
  return back
}

/** The claim-back flow of the Share Claim page. */
const backRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.post('/shareClaimBackSelect', {
    schema: {
      body: Type.Object({ ...PeriodFields, DownlineId: Type.String({ minLength: 1, maxLength: 50 }) }),
      response: envelope(Type.Object({ Claims: Type.Array(ClaimSchema), Total: Type.Number() }))
    }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, caller(request))
    const uplineId = await subjectOf(app.db, caller(request), request.body.UserId)
    const { drawFrom, drawTo } = periodOf(request.body, 'body')
    const claims = await listClaims(app.db, game, uplineId, { drawFrom, drawTo, downline: request.body.DownlineId, open: true })
    const total = claims.reduce((cents, c) => cents + Math.round(c.Claim * 100), 0) / 100
    return ok({ Claims: claims, Total: total })
  })

  app.put('/shareClaimBackImport', {
    schema: { body: Type.Object({ ClaimIds: Type.Array(IdField, { maxItems: 1000 }), Remarks, LocId: LocIdField }), response: envelope(BackSchema) }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, caller(request))
    const ids = [...new Set(request.body.ClaimIds)]
    if (ids.length === 0) throw shareClaimErrors.noClaimIds()
    const id = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ claim_id: number, upline_id: string, downline_id: string, claim_back_id: number | null, claim: string }>(
        'SELECT claim_id, upline_id, downline_id, claim_back_id, claim FROM share_claims WHERE claim_id = ANY($1::int[]) AND game = $2 ORDER BY claim_id FOR UPDATE', [ids, game])
      const missing = ids.find((i) => !rows.some((r) => Number(r.claim_id) === i))
      if (missing !== undefined) throw shareClaimErrors.claimNotFound(missing)
      const first = rows[0]!
      if (rows.some((r) => r.upline_id !== first.upline_id || r.downline_id !== first.downline_id)) throw shareClaimErrors.mixedClaims()
      await assertSelfOrDownline(tx, caller(request), first.upline_id).catch(() => { throw shareClaimErrors.claimNotFound(Number(first.claim_id)) })
      const taken = rows.find((r) => r.claim_back_id !== null)
      if (taken) throw shareClaimErrors.claimImported(Number(taken.claim_id), Number(taken.claim_back_id))
      const { rows: [back] } = await tx.query<{ id: number }>(
        `INSERT INTO share_claim_backs (game, upline_id, downline_id, amount, remarks, created_by, created_at)
         SELECT $1, $2, $3, sum(claim), $4, $5, $6 FROM share_claims WHERE claim_id = ANY($7::int[]) RETURNING claim_back_id AS id`,
        [game, first.upline_id, first.downline_id, request.body.Remarks ?? '', caller(request).userId, app.gaNow(), ids])
      await tx.query('UPDATE share_claims SET claim_back_id = $1 WHERE claim_id = ANY($2::int[])', [back!.id, ids])
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'shareClaimBack.import', detail: { ClaimBackId: Number(back!.id), ClaimIds: ids } })
      return Number(back!.id)
    })
    return ok(await backById(app.db, id))
  })

  // An amount agreed with a direct downline outside the recorded claims (a correction, an advance), settled like any other claim-back.
  app.post('/shareClaimBack', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        UserId: Type.Optional(Type.String({ maxLength: 50, description: 'the upline (default: the caller)' })),
        DownlineId: Type.String({ minLength: 1, maxLength: 50 }),
        Amount: Type.Number({ minimum: -999999999, maximum: 999999999, description: 'positive: the downline pays the upline; in cents, not 0' }),
        Remarks
      }),
      response: envelope(BackSchema)
    }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, caller(request))
    const body = request.body
    const uplineId = await directPair(app.db, caller(request), body.UserId, body.DownlineId)
    const cents = Math.round(body.Amount * 100)
    if (cents === 0 || Math.abs(cents - body.Amount * 100) > 1e-6) throw shareClaimErrors.badAmount(String(body.Amount))
    const id = await app.db.transaction(async (tx) => {
      const { rows: [back] } = await tx.query<{ id: number }>(
        `INSERT INTO share_claim_backs (game, upline_id, downline_id, amount, remarks, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING claim_back_id AS id`,
        [game, uplineId, body.DownlineId, cents / 100, body.Remarks ?? '', caller(request).userId, app.gaNow()])
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'shareClaimBack.create', detail: { ClaimBackId: Number(back!.id), UplineId: uplineId, DownlineId: body.DownlineId, Amount: cents / 100 } })
      return Number(back!.id)
    })
    return ok(await backById(app.db, id))
  })

  app.put('/shareClaimBack', {
    schema: { body: Type.Object({ ClaimBackId: IdField, Remarks, LocId: LocIdField }), response: envelope(BackSchema) }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, caller(request))
    const id = request.body.ClaimBackId
    await app.db.transaction(async (tx) => {
      const back = await lockBack(tx, request, game, id)
      if (back.status === 'settled') throw shareClaimErrors.claimBackSettled(id)
      await tx.query("UPDATE share_claim_backs SET status = 'settled', settled_by = $2, settled_at = $3, remarks = COALESCE($4, remarks) WHERE claim_back_id = $1",
        [id, caller(request).userId, app.gaNow(), request.body.Remarks ?? null])
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'shareClaimBack.settle', detail: { ClaimBackId: id } })
    })
    return ok(await backById(app.db, id))
  })

  app.delete('/shareClaimBack/:id', {
    schema: { params: Type.Object({ id: IdField }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Deleted: Type.Integer() })) }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, caller(request))
    const id = request.params.id
    return ok(await app.db.transaction(async (tx) => {
      const back = await lockBack(tx, request, game, id)
      if (back.status === 'settled') throw shareClaimErrors.claimBackSettled(id)
      // Its claims are freed (claim_back_id set to null by the foreign key) and may be imported again.
      await tx.query('DELETE FROM share_claim_backs WHERE claim_back_id = $1', [id])
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'shareClaimBack.delete', detail: { ClaimBackId: id } })
      return { Deleted: 1 }
    }))
  })

  app.get('/selectReportShareClaimBack', {
    schema: { querystring: Type.Object({ ...PeriodFields, DownlineId: Type.Optional(Type.String({ maxLength: 50 })) }), response: envelope(Type.Array(BackSchema)) }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, caller(request))
    const uplineId = await subjectOf(app.db, caller(request), request.query.UserId)
    const { rows } = await app.db.query<Back>(
      `${BACKS_SQL} WHERE b.game = $1 AND b.upline_id = $2 AND ($3::text IS NULL OR b.downline_id = $3) GROUP BY b.claim_back_id ORDER BY b.claim_back_id DESC`,
      [game, uplineId, request.query.DownlineId || null])
    return ok(rows)
  })
}

export default backRoutes
