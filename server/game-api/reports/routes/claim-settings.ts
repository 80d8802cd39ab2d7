// Share Claim Setting: GET dMemberByShare (the group's agents with their shares and whether they see Share Claim (Company)), PUT updateReportShare.
import { Type, type Static } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { assertOtherThanAccount, subjectOf } from '../../lib/downline-access.ts'
import { assertShareClaimAdmin } from '../store/claim-access.ts'
import { shareClaimErrors } from '../errors.ts'
import { downlineCte } from '../../lib/user-tree.ts'

const SettingRow = Type.Object({
  UserId: Type.String(),
  UserName: Type.String(),
  Role: Type.String(),
  ParentId: Type.Union([Type.String(), Type.Null()]),
  dShare: Type.Number(),
  tShare: Type.Number(),
  dEnableViewShareClaim: Type.Integer()
})
type Row = Static<typeof SettingRow>

const ROWS_SQL = `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT $1::text' })}
  SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", u.parent_id AS "ParentId", u.d_share::float8 AS "dShare", u.t_share::float8 AS "tShare",
    u.d_enable_view_share_claim AS "dEnableViewShareClaim"
  FROM down JOIN users u ON u.user_id = down.user_id WHERE down.depth > 0 AND u.role IN ('ADMIN', 'AG') AND u.deleted_at IS NULL AND ($2::text IS NULL OR u.user_id = $2)
  ORDER BY down.depth, u.user_id`

/** The share-claim settings of the downline agents and admins of the caller's account (members hold no share). */
const settingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/dMemberByShare', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(SettingRow)) } }, async (request) => {
    await assertShareClaimAdmin(app.db, request)
    return ok((await app.db.query<Row>(ROWS_SQL, [await subjectOf(app.db, caller(request)), null])).rows)
  })

  app.put('/updateReportShare', {
    schema: {
      body: Type.Object({ UserId: Type.String({ minLength: 1, maxLength: 50 }), dEnableViewShareClaim: Type.Integer({ minimum: 0, maximum: 1, description: '1: the user sees Share Claim (Company)' }), LocId: LocIdField }),
      response: envelope(SettingRow)
    }
  }, async (request) => {
    await assertShareClaimAdmin(app.db, request)
    const { UserId: userId, dEnableViewShareClaim: view } = request.body
    const account = await assertOtherThanAccount(app.db, caller(request), userId, shareClaimErrors.settingOwn)
    const { rows: [row] } = await app.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET d_enable_view_share_claim = $2 WHERE user_id = $1', [userId, view])
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'shareClaim.setting', detail: { UserId: userId, dEnableViewShareClaim: view } })
      return tx.query<Row>(ROWS_SQL, [account, userId])
    })
    if (!row) throw errors.userNotFound(userId)
    return ok(row)
  })
}

export default settingRoutes
