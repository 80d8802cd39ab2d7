// Group Report settings: GET, POST and DELETE reportGroupSetting, a user's saved groupings of its direct downlines (chosen on reportGroupFull by SettingId).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { deleteGroupSetting, groupSettings, saveGroupSetting } from '../store/group-settings.ts'

const UserIdField = Type.Optional(Type.String({ maxLength: 50, description: 'whose settings: the caller (default) or a downline' }))
const NameField = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' })
const SettingSchema = Type.Object({
  SettingId: Type.Integer(),
  UserId: Type.String(),
  Name: Type.String(),
  Groups: Type.Array(Type.Object({ Name: Type.String(), UserIds: Type.Array(Type.String()) })),
  CreatedDate: Type.String()
})

/** The owner of the settings is the named user (the caller or a downline) or the caller's account (the company for a staff admin). */
const groupSettingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/reportGroupSetting', { schema: { querystring: Type.Object({ UserId: UserIdField, LocId: LocIdField }), response: envelope(Type.Array(SettingSchema)) } }, async (request) => {
    return ok(await groupSettings(app.db, await subjectOf(app.db, caller(request), request.query.UserId)))
  })

  app.post('/reportGroupSetting', {
    schema: {
      body: Type.Object({
        UserId: UserIdField,
        Name: NameField,
        Groups: Type.Array(Type.Object({ Name: NameField, UserIds: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { minItems: 1, maxItems: 500 }) }), { minItems: 1, maxItems: 100 }),
        LocId: LocIdField
      }),
      response: envelope(SettingSchema)
    }
  }, async (request) => {
    const { UserId, Name: name, Groups: groups } = request.body
    const owner = await subjectOf(app.db, caller(request), UserId)
    return ok(await app.db.transaction(async (tx) => {
      const saved = await saveGroupSetting(tx, owner, name.trim(), groups.map((g) => ({ Name: g.Name.trim(), UserIds: g.UserIds })))
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'report.groupSetting.save', detail: { UserId: owner, SettingId: saved.SettingId, Name: saved.Name, Groups: saved.Groups } })
      return saved
    }))
  })

  app.delete('/reportGroupSetting', {
    schema: { querystring: Type.Object({ SettingId: Type.Integer({ minimum: 1, maximum: 2147483647 }), UserId: UserIdField, LocId: LocIdField }), response: envelope(Type.Boolean()) }
  }, async (request) => {
    const owner = await subjectOf(app.db, caller(request), request.query.UserId)
    await app.db.transaction(async (tx) => {
      await deleteGroupSetting(tx, owner, request.query.SettingId)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'report.groupSetting.delete', detail: { UserId: owner, SettingId: request.query.SettingId } })
    })
    return ok(true)
  })
}

export default groupSettingRoutes
