// Permissions (seed 001 §6): list users with their Granted names, grant and revoke one of the nine names. ADMIN with AdminEdit only.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { PERMISSION_NAMES, grantPermissions, permissionsGranted, permissionsList, revokePermission } from '../api.ts'

const Attribute = Type.Union(PERMISSION_NAMES.map((n) => Type.Literal(n)), { description: `one of ${PERMISSION_NAMES.join(', ')}` })
const UserRef = Type.String({ minLength: 1, maxLength: 50, description: 'a user id' })
const PermissionRow = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), Granted: Type.Array(Type.String()) })

/** The permission calls (ADMIN with AdminEdit): who may be granted names is ADMIN and AG users below the caller's account. */
const permissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/permissions', {
    schema: { querystring: Type.Object({ LocId: LocIdField, txtSearch: Type.Optional(Type.String({ maxLength: 50 })) }), response: envelope(Type.Array(PermissionRow)) }
  }, async (request) => ok(await permissionsList(app.db, callerOf(request), { text: request.query.txtSearch })))

  // One user's names, each with whether it is granted: the form of the permission dialog.
  app.get('/permissionGranted', {
    schema: { querystring: Type.Object({ LocId: LocIdField, UserId: UserRef }), response: envelope(Type.Array(Type.Object({ UserId: Type.String(), Attribute: Type.String(), Granted: Type.Boolean() }))) }
  }, async (request) => ok(await permissionsGranted(app.db, callerOf(request), { userId: request.query.UserId })))

  // POST permissions: grants one name (Attribute), or sets the whole list (Granted: the permission dialog's checkboxes).
  app.post('/permissions', {
    schema: {
      body: Type.Object({ LocId: LocIdField, UserId: UserRef, Attribute: Type.Optional(Attribute), Granted: Type.Optional(Type.Array(Attribute, { maxItems: 9 })) }),
      response: envelope(PermissionRow)
    }
  }, async (request) => ok(await grantPermissions(app.db, callerOf(request), { userId: request.body.UserId, name: request.body.Attribute, list: request.body.Granted })))

  // DELETE permissions/{UserId}?Attribute=: revokes one name.
  app.delete('/permissions/:id', {
    schema: { params: Type.Object({ id: UserRef }), querystring: Type.Object({ LocId: LocIdField, Attribute }), response: envelope(PermissionRow) }
  }, async (request) => ok(await revokePermission(app.db, callerOf(request), { userId: request.params.id, name: request.query.Attribute })))
}

export default permissionRoutes
