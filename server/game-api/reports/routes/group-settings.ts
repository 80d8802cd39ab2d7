// Group Report settings: GET, POST and DELETE reportGroupSetting, a user's saved groupings of its direct downlines (chosen on reportGroupFull by SettingId).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { groupSettingsOf, removeGroupSetting, saveGroupSettingOf } from '../api.ts'

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
  app.get('/reportGroupSetting', { schema: { querystring: Type.Object({ UserId: UserIdField, LocId: LocIdField }), response: envelope(Type.Array(SettingSchema)) } }, async (request) => ok(await groupSettingsOf(app.db, callerOf(request), { userId: request.query.UserId })))

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
    const { UserId: userId, Name: name, Groups: groups } = request.body
    return ok(await saveGroupSettingOf(app.db, callerOf(request), { userId, name, groups }))
  })

  app.delete('/reportGroupSetting', {
    schema: { querystring: Type.Object({ SettingId: Type.Integer({ minimum: 1, maximum: 2147483647 }), UserId: UserIdField, LocId: LocIdField }), response: envelope(Type.Boolean()) }
  }, async (request) => ok(await removeGroupSetting(app.db, callerOf(request), { userId: request.query.UserId, settingId: request.query.SettingId })))
}

export default groupSettingRoutes
