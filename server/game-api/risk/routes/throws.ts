// Throw Number (GET bet/throw and bet/throwT, POST bet/throw and its root form POST throw, DELETE bet/throws): a level throws part of its own intake of a number out to a distributor by hand.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { roundMoney, type Game } from '../../betting/rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { announceDrawChange } from '../../lib/draw-changes.ts'
import { isoDateOf, type DrawRow } from '../../draws/api.ts'
import { intakeKey, lockIntake } from '../../betting/api.ts'
import { normaliseNumber } from '../rules/numbers.ts'
import { assertOutSet } from '../store/out-set.ts'
import { usableDistributor } from '../store/distributors.ts'
import { drawOf } from '../store/draw-of.ts'
import { outsetErrors } from '../errors.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'

const Throw = Type.Object({
  ThrowId: Type.Integer(),
  DrawId: Type.Integer(),
  DrawDate: Type.String(),
  Game: Type.String(),
  Number: Type.String(),
  Big: Type.Number(),
  Small: Type.Number(),
  Units: Type.Number(),
  DistributorId: Type.Integer(),
  Distributor: Type.String(),
  Payout: Type.Union([Type.Number(), Type.Null()], { description: 'what the distributor owes back on the throw, settled at finalise; null before' }),
  CreatedDate: Type.String()
})
interface Row { throw_id: number, draw_id: number, draw_date: string | Date, game: string, number: string, big: string, small: string, units: string, distributor_id: number, name: string, payout: string | null, created_at: Date }
const toThrow = (r: Row) => ({
  ThrowId: Number(r.throw_id),
  DrawId: Number(r.draw_id),
  DrawDate: isoDateOf(r.draw_date),
  Game: r.game,
  Number: r.number,
  Big: Number(r.big),
  Small: Number(r.small),
  Units: Number(r.units),
  DistributorId: Number(r.distributor_id),
  Distributor: r.name,
  Payout: r.payout === null ? null : Number(r.payout),
  CreatedDate: zoneIso(new Date(r.created_at))
})
const Amount = Type.Optional(Type.Number({ minimum: 0, maximum: 999999999, description: '0 or more with at most 2 decimals' }))
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const settled = (d: DrawRow) => d.is_finalised || (d.result !== null && d.result !== undefined)

/** The throw endpoints; GET bet/throw lists 4D throws and bet/throwT TOTO ones, whatever the prefix (Throw Number sits at a 4D location). */
const throwRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game: prefixGame }) => {
  app.addHook('preHandler', async (request) => { await assertOutSet(app.db, caller(request)) })

  const list = (game: Game) => async (request: { query: { DrawId?: number | undefined } }, userId: string) => {
    const draw = await drawOf(app.db, game, request.query.DrawId, app.gaNow())
    if (!draw) return ok([])
    const { rows } = await app.db.query<Row>(
      `SELECT t.*, d.draw_date, x.name FROM throws t JOIN draws d ON d.draw_id = t.draw_id JOIN distributors x ON x.distributor_id = t.distributor_id
       WHERE t.user_id = $1 AND t.draw_id = $2 ORDER BY t.number, t.throw_id`, [userId, draw.draw_id])
    return ok(rows.map(toThrow))
  }
  const ListQuery = Type.Object({ DrawId: Type.Optional(Id), LocId: LocIdField })
  // A staff admin throws from the company's intake and sees the company's throws (subjectOf).
  app.get('/bet/throw', { schema: { querystring: ListQuery, response: envelope(Type.Array(Throw)) } }, async (request) => list('4D')(request, await subjectOf(app.db, caller(request))))
  app.get('/bet/throwT', { schema: { querystring: ListQuery, response: envelope(Type.Array(Throw)) } }, async (request) => list('TOTO')(request, await subjectOf(app.db, caller(request))))

  // POST throw is the legacy root form of bet/throw: the same call at both paths.
  for (const url of ['/bet/throw', '/throw'] as const) {
    app.post(url, {
      schema: {
        body: Type.Object({
          Game: Type.Optional(Type.Union([Type.Literal('4D'), Type.Literal('TOTO')], { description: 'default: the game of the prefix' })),
          DrawId: Type.Optional(Id),
          Number: Type.String({ minLength: 1, maxLength: 60 }),
          DistributorId: Id,
          Big: Amount,
          Small: Amount,
          Units: Amount,
          LocId: LocIdField
        }),
        response: envelope(Throw)
      }
    }, async (request) => {
      const user = caller(request)
      const account = await subjectOf(app.db, user)
      const body = request.body
      const game: Game = body.Game ?? prefixGame
      const number = normaliseNumber(game, body.Number)
      const big = game === '4D' ? body.Big ?? 0 : 0
      const small = game === '4D' ? body.Small ?? 0 : 0
      const units = game === 'TOTO' ? body.Units ?? 0 : 0
      // A throw moves part of an intake, which is a sum of shares of stakes: any amount in cents (server/docs/game-rules.md).
      for (const [field, value] of [['Big', big], ['Small', small], ['Units', units]] as const) if (!inWholeCents(value)) throw errors.fieldNotCents(`body/${field}`, value)
      if (big + small + units <= 0) throw outsetErrors.throwNothing()
      const row = await app.db.transaction(async (tx) => {
        const draw = await drawOf(tx, game, body.DrawId, app.gaNow())
        if (!draw) throw outsetErrors.throwNothing()
        if (settled(draw)) throw outsetErrors.drawSettled(Number(draw.draw_id))
        await usableDistributor(tx, account, body.DistributorId)
        // The intake row stays locked until commit: a throw and a placement on the number cannot interleave, nor two throws.
        const key = { drawId: Number(draw.draw_id), userId: account, number }
        const kept = (await lockIntake(tx, [key])).get(intakeKey(key)) ?? { big: 0, small: 0, units: 0 }
        const { rows: [done] } = await tx.query<{ big: string | null, small: string | null, units: string | null }>(
          'SELECT sum(big) AS big, sum(small) AS small, sum(units) AS units FROM throws WHERE draw_id = $1 AND user_id = $2 AND number = $3', [key.drawId, account, number])
        const left = {
          big: roundMoney(Math.floor((kept.big - Number(done?.big ?? 0)) * 100 + 1e-6) / 100),
          small: roundMoney(Math.floor((kept.small - Number(done?.small ?? 0)) * 100 + 1e-6) / 100),
          units: roundMoney(Math.floor((kept.units - Number(done?.units ?? 0)) * 100 + 1e-6) / 100)
        }
        for (const [field, asked] of [['big', big], ['small', small], ['units', units]] as const) {
          if (asked > left[field]) throw outsetErrors.throwTooMuch(`${left[field].toFixed(2)} ${field === 'units' ? 'units' : field === 'big' ? 'Big' : 'Small'}`, number, asked.toFixed(2), left[field].toFixed(2))
        }
        const { rows: [inserted] } = await tx.query<{ throw_id: number }>(
          `INSERT INTO throws (draw_id, user_id, distributor_id, game, number, big, small, units, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING throw_id`, [key.drawId, account, body.DistributorId, game, number, big, small, units, user.userId, app.gaNow()])
        await app.gaAudit(tx, request, { userId: user.userId, action: 'throw.create', detail: { Account: account, game, DrawId: key.drawId, Number: number, Big: big, Small: small, Units: units, DistributorId: body.DistributorId } })
        const { rows: [r] } = await tx.query<Row>(
          'SELECT t.*, d.draw_date, x.name FROM throws t JOIN draws d ON d.draw_id = t.draw_id JOIN distributors x ON x.distributor_id = t.distributor_id WHERE t.throw_id = $1', [inserted?.throw_id])
        return r as Row
      })
      announceDrawChange(app.db, { kind: 'thrown', game, drawIds: [Number(row.draw_id)] })
      return ok(toThrow(row))
    })
  }

  app.delete('/bet/throws', {
    schema: {
      // The seed sends ThrowIds in the body; a table's row action sends one in the query.
      body: Type.Object({ ThrowIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true })), LocId: LocIdField }),
      querystring: Type.Object({ ThrowIds: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}(,[1-9][0-9]{0,8}){0,499}$', description: 'throw ids, comma-separated' })), LocId: LocIdField }),
      response: envelope(Type.Object({ Deleted: Type.Integer() }))
    },
    // A DELETE without a payload (the row action's query form) validates as an empty body.
    preValidation: async (request) => { request.body ??= {} }
  }, async (request) => {
    const user = caller(request)
    const account = await subjectOf(app.db, user)
    const ids = [...new Set(request.body.ThrowIds ?? request.query.ThrowIds?.split(',').map(Number) ?? [])]
    if (ids.length === 0) throw outsetErrors.noThrowIds()
    const deleted = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ throw_id: number, draw_id: number, game: string, is_finalised: boolean, result: unknown }>(
        'SELECT t.throw_id, t.draw_id, t.game, d.is_finalised, d.result FROM throws t JOIN draws d ON d.draw_id = t.draw_id WHERE t.throw_id = ANY($1::int[]) AND t.user_id = $2 ORDER BY t.throw_id FOR UPDATE OF t', [ids, account])
      const found = new Set(rows.map((r) => Number(r.throw_id)))
      const missing = ids.find((id) => !found.has(id))
      if (missing !== undefined) throw outsetErrors.throwNotFound(String(missing))
      const closed = rows.find((r) => r.is_finalised || (r.result !== null && r.result !== undefined))
      if (closed) throw outsetErrors.drawSettled(Number(closed.draw_id))
      await tx.query('DELETE FROM throws WHERE throw_id = ANY($1::int[])', [ids])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'throw.delete', detail: { Account: account, ThrowIds: ids } })
      return rows
    })
    for (const game of ['4D', 'TOTO'] as const) {
      const drawIds = [...new Set(deleted.filter((r) => r.game === game).map((r) => Number(r.draw_id)))]
      if (drawIds.length > 0) announceDrawChange(app.db, { kind: 'thrown', game, drawIds })
    }
    return ok({ Deleted: deleted.length })
  })
}

export default throwRoutes
