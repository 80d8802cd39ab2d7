// Distributors (Out Setting 3's side outlets): outlets outside the hierarchy that take numbers a level throws out; each level keeps its own list.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { zoneIso } from '../../../../../schemas/domain/calendar.ts'
import type { Queryable } from '../../../../shared/db.ts'
import { LocIdField, envelope, ok } from '../../../lib/envelope.ts'
import { caller } from '../../../plugins/auth.ts'
import { assertOutSet } from './access.ts'
import { outsetErrors } from './errors.ts'

// Owner and Shared tell a partnered outlet (another level's, shared with the caller) from the caller's own.
const Distributor = Type.Object({
  DistributorId: Type.Integer(),
  Name: Type.String(),
  Phone: Type.String(),
  Remark: Type.String(),
  Throws: Type.Integer(),
  CreatedDate: Type.String(),
  Owner: Type.String(),
  Shared: Type.Boolean(),
  Partners: Type.Array(Type.String(), { description: 'the users it is shared with (the owner sees them; a partner gets an empty list)' }),
  Rules: Type.String({ description: 'its rules in one line, for tables; GET distributors/rule/{id} answers them as records' })
})
interface Row { distributor_id: number, name: string, phone: string, remark: string, throws: number, created_at: Date, created_by: string, partners: string[] | null, rules: string | null }
const toDistributor = (userId: string) => (r: Row) => ({
  DistributorId: Number(r.distributor_id),
  Name: r.name,
  Phone: r.phone,
  Remark: r.remark,
  Throws: Number(r.throws),
  CreatedDate: zoneIso(new Date(r.created_at)),
  Owner: r.created_by,
  Shared: r.created_by !== userId,
  Partners: r.created_by === userId ? r.partners ?? [] : [],
  Rules: r.rules ?? ''
})
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const fields = {
  Name: Type.String({ minLength: 1, maxLength: 50, description: 'the outlet\'s name, 1 to 50 characters' }),
  Phone: Type.Optional(Type.String({ maxLength: 30 })),
  Remark: Type.Optional(Type.String({ maxLength: 200 }))
}

// The rules summary reads as the Out Setting 3 table shows it: "P1 4D 11** Big 3.00 Small 0.00; P2 TOTO every Units 2.00".
const RULES = `(SELECT string_agg('P' || r.priority || ' ' || r.game || ' ' || CASE WHEN r.pattern = '' THEN 'every' ELSE r.pattern END || ' ' ||
  CASE WHEN r.game = '4D' THEN 'Big ' || r.big_cap || ' Small ' || r.small_cap ELSE 'Units ' || r.unit_cap END, '; ' ORDER BY r.priority, r.rule_id)
  FROM distributor_rules r WHERE r.distributor_id = d.distributor_id)`
const SELECT = `SELECT d.*, (SELECT count(*)::int FROM throws t WHERE t.distributor_id = d.distributor_id) AS throws,
  (SELECT array_agg(p.user_id ORDER BY p.user_id) FROM distributor_partners p WHERE p.distributor_id = d.distributor_id) AS partners, ${RULES} AS rules FROM distributors d`

/** The caller's live distributor with that id; 404 otherwise (another level's outlet is not named). */
export async function ownDistributor (q: Queryable, userId: string, id: number): Promise<Row> {
  const { rows: [row] } = await q.query<Row>(`${SELECT} WHERE d.distributor_id = $1 AND d.created_by = $2 AND d.deleted_at IS NULL`, [id, userId])
  if (!row) throw outsetErrors.distributorNotFound(id)
  return row
}

/** The SQL condition "distributor d is the user's ($n) own or shared with the user as a partner". */
export const usableBy = (param: string) => `(d.created_by = ${param} OR EXISTS (SELECT 1 FROM distributor_partners p WHERE p.distributor_id = d.distributor_id AND p.user_id = ${param}))`

/** A live distributor the caller may throw to: its own, or one its owner shared with it; 404 otherwise. */
export async function usableDistributor (q: Queryable, userId: string, id: number): Promise<Row> {
  const { rows: [row] } = await q.query<Row>(`${SELECT} WHERE d.distributor_id = $1 AND ${usableBy('$2')} AND d.deleted_at IS NULL`, [id, userId])
  if (!row) throw outsetErrors.distributorNotFound(id)
  return row
}

/** The caller's own live distributor, 403 when it is only shared with the caller (partners and rules are the owner's to change). */
export async function ownedDistributor (q: Queryable, userId: string, id: number): Promise<Row> {
  const row = await usableDistributor(q, userId, id)
  if (row.created_by !== userId) throw outsetErrors.distributorNotOwner(id)
  return row
}

/** Whether a live distributor of the caller's, other than `except`, has that name (names are unique per level without regard to case). */
async function nameTaken (q: Queryable, userId: string, name: string, except: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM distributors WHERE created_by = $1 AND lower(name) = lower($2) AND deleted_at IS NULL AND distributor_id <> $3', [userId, name, except])
  return rows.length > 0
}

/** GET distributors/total, distributors/byId/{id} (own and shared); POST distributors; PUT distributors; DELETE distributors/{id} (own only). */
const distributorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => { await assertOutSet(app.db, caller(request)) })

  app.get('/distributors/total', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(Distributor)) } }, async (request) => {
    // Pickers (Throw Number, Out Setting 2) offer the outlets shared with the caller too, after its own.
    const { rows } = await app.db.query<Row>(`${SELECT} WHERE ${usableBy('$1')} AND d.deleted_at IS NULL ORDER BY d.created_by <> $1, lower(d.name)`, [caller(request).userId])
    return ok(rows.map(toDistributor(caller(request).userId)))
  })

  app.get('/distributors/byId/:id', { schema: { params: Type.Object({ id: Id }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Distributor) } }, async (request) =>
    ok(toDistributor(caller(request).userId)(await usableDistributor(app.db, caller(request).userId, request.params.id))))

  app.post('/distributors', { schema: { body: Type.Object({ ...fields, LocId: LocIdField }), response: envelope(Distributor) } }, async (request) => {
    const user = caller(request)
    const name = request.body.Name.trim()
    const row = await app.db.transaction(async (tx) => {
      // One lock for names: two creations at once cannot both take a free name.
      await tx.query('SELECT pg_advisory_xact_lock(7409, 1)')
      if (await nameTaken(tx, user.userId, name, 0)) throw outsetErrors.distributorTaken(name)
      const { rows: [inserted] } = await tx.query<{ distributor_id: number }>(
        'INSERT INTO distributors (name, phone, remark, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING distributor_id',
        [name, request.body.Phone?.trim() ?? '', request.body.Remark?.trim() ?? '', user.userId, app.gaNow()])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'distributor.create', detail: { Name: name } })
      return ownDistributor(tx, user.userId, Number(inserted?.distributor_id))
    })
    return ok(toDistributor(user.userId)(row))
  })

  app.put('/distributors', { schema: { body: Type.Object({ DistributorId: Id, ...fields, LocId: LocIdField }), response: envelope(Distributor) } }, async (request) => {
    const user = caller(request)
    const { DistributorId: id } = request.body
    const name = request.body.Name.trim()
    const row = await app.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7409, 1)')
      await ownedDistributor(tx, user.userId, id)
      if (await nameTaken(tx, user.userId, name, id)) throw outsetErrors.distributorTaken(name)
      await tx.query('UPDATE distributors SET name = $2, phone = $3, remark = $4 WHERE distributor_id = $1', [id, name, request.body.Phone?.trim() ?? '', request.body.Remark?.trim() ?? ''])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'distributor.update', detail: { DistributorId: id, Name: name } })
      return ownDistributor(tx, user.userId, id)
    })
    return ok(toDistributor(user.userId)(row))
  })

  app.delete('/distributors/:id', { schema: { params: Type.Object({ id: Id }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Literal(true)) } }, async (request) => {
    const user = caller(request)
    await app.db.transaction(async (tx) => {
      await ownedDistributor(tx, user.userId, request.params.id)
      // Kept as a record (its throws still name it); only new throws can no longer pick it.
      await tx.query('UPDATE distributors SET deleted_at = $2 WHERE distributor_id = $1', [request.params.id, app.gaNow()])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'distributor.delete', detail: { DistributorId: request.params.id } })
    })
    return ok(true as const)
  })
}

export default distributorRoutes
