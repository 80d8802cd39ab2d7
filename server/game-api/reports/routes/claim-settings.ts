// Share Claim Setting: GET dMemberByShare (the group's agents with their shares and whether they see Share Claim (Company)), PUT updateReportShare.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { listClaimSettings, setCompanyView } from '../api.ts'

const SettingRow = Type.Object({
  UserId: Type.String(),
  UserName: Type.String(),
  Role: Type.String(),
  ParentId: Type.Union([Type.String(), Type.Null()]),
  dShare: Type.Number(),
  tShare: Type.Number(),
  dEnableViewShareClaim: Type.Integer()
})

/** The share-claim settings of the downline agents and admins of the caller's account (members hold no share). */
const settingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/dMemberByShare', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(SettingRow)) } }, async (request) => {
    return ok(await listClaimSettings(app.db, callerOf(request)))
  })

  app.put('/updateReportShare', {
    schema: {
      body: Type.Object({ UserId: Type.String({ minLength: 1, maxLength: 50 }), dEnableViewShareClaim: Type.Integer({ minimum: 0, maximum: 1, description: '1: the user sees Share Claim (Company)' }), LocId: LocIdField }),
      response: envelope(SettingRow)
    }
  }, async (request) => {
    return ok(await setCompanyView(app.db, callerOf(request), { userId: request.body.UserId, view: request.body.dEnableViewShareClaim }))
  })
}

export default settingRoutes
