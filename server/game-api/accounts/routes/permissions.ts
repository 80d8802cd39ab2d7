// Permissions (seed 001 §6): list users with their Granted names, grant and revoke one of the nine names. ADMIN with AdminEdit only.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { assertOtherThanAccount, groupOf, subjectOf } from '../../lib/downline-access.ts'
import { PERMISSION_NAMES, assertAdminPermission, permissionHolders, revokeGranted, writeGranted } from '../store/permissions.ts'

const Attribute = Type.Union(PERMISSION_NAMES.map((n) => Type.Literal(n)), { description: `one of ${PERMISSION_NAMES.join(', ')}` })
const UserRef = Type.String({ minLength: 1, maxLength: 50, description: 'a user id' })
const PermissionRow = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), Granted: Type.Array(Type.String()) })

const assertAdminEdit = (app: Parameters<FastifyPluginAsyncTypebox>[0], request: FastifyRequest) => assertAdminPermission(app.db, caller(request), 'AdminEdit')

/** The permission calls. */
const permissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rowsOf = (ids: string[]) => permissionHolders(app.db, ids)
  // Who may be granted names: ADMIN and AG users below the caller's account (never the caller, nor a staff admin's company: nobody raises their own rights).
  const target = async (request: FastifyRequest, userId: string) => {
    await assertOtherThanAccount(app.db, caller(request), userId, errors.permissionOwn)
    const [row] = await rowsOf([userId])
    if (!row) throw errors.permissionPlayer(userId)
    return row
  }

  app.get('/permissions', {
    schema: { querystring: Type.Object({ LocId: LocIdField, txtSearch: Type.Optional(Type.String({ maxLength: 50 })) }), response: envelope(Type.Array(PermissionRow)) }
  }, async (request) => {
    await assertAdminEdit(app, request)
    const text = (request.query.txtSearch ?? '').trim().toLowerCase()
    // The account's group (a staff admin manages the company's staff and agents), without the caller and the account.
    const account = await subjectOf(app.db, caller(request))
    const group = (await groupOf(app.db, account)).filter((m) => m.UserId !== caller(request).userId && m.UserId !== account)
    return ok((await rowsOf(group.map((m) => m.UserId))).filter((r) => text === '' || r.UserId.toLowerCase().includes(text) || r.UserName.toLowerCase().includes(text)))
  })

  // One user's nine names, each with whether it is granted: the form of the permission dialog.
  app.get('/permissionGranted', {
    schema: { querystring: Type.Object({ LocId: LocIdField, UserId: UserRef }), response: envelope(Type.Array(Type.Object({ UserId: Type.String(), Attribute: Type.String(), Granted: Type.Boolean() }))) }
  }, async (request) => {
    await assertAdminEdit(app, request)
    const row = await target(request, request.query.UserId)
    return ok(PERMISSION_NAMES.map((name) => ({ UserId: row.UserId, Attribute: name, Granted: row.Granted.includes(name) || row.Granted.includes('*') })))
  })

  // POST permissions: grants one name (Attribute), or sets the whole list (Granted: the permission dialog's checkboxes).
  app.post('/permissions', {
    schema: {
      body: Type.Object({ LocId: LocIdField, UserId: UserRef, Attribute: Type.Optional(Attribute), Granted: Type.Optional(Type.Array(Attribute, { maxItems: 9 })) }),
      response: envelope(PermissionRow)
    }
  }, async (request) => {
    const mine = await assertAdminEdit(app, request)
    const { UserId: userId, Attribute: name, Granted: list } = request.body
    if ((name === undefined) === (list === undefined)) throw errors.permissionOneOrList()
    const before = (await target(request, userId)).Granted
    const wanted = list ?? [...before, ...(name === undefined ? [] : [name])]
    // A right is handed down (or taken away) only by someone who holds it; names the caller lacks stay as they were.
    const holds = (n: string) => mine.includes('*') || mine.includes(n)
    const refused = wanted.filter((n) => !holds(n) && !before.includes(n))
    if (refused.length > 0) throw errors.permissionNotHeld(refused.join(', '))
    const next = [...new Set([...before.filter((n) => !holds(n)), ...wanted.filter(holds)])]
    await app.db.transaction(async (tx) => {
      await writeGranted(tx, userId, next)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'permissions.grant', detail: { UserId: userId, from: before, to: next } })
    })
    const [row] = await rowsOf([userId])
    if (!row) throw errors.userNotFound(userId)
    return ok(row)
  })

  // DELETE permissions/{UserId}?Attribute=: revokes one name.
  app.delete('/permissions/:id', {
    schema: { params: Type.Object({ id: UserRef }), querystring: Type.Object({ LocId: LocIdField, Attribute }), response: envelope(PermissionRow) }
  }, async (request) => {
    await assertAdminEdit(app, request)
    const userId = request.params.id
    const name = request.query.Attribute
    await target(request, userId)
    await app.db.transaction(async (tx) => {
      await revokeGranted(tx, userId, name)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'permissions.revoke', detail: { UserId: userId, Attribute: name } })
    })
    const [row] = await rowsOf([userId])
    if (!row) throw errors.userNotFound(userId)
    return ok(row)
  })
}

export default permissionRoutes
