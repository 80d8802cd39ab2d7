// Limit Setting (Control, TT only; seed 001 §7 limits): the most units a number and bet type may take per draw, ADMIN only.
// GET limit lists them with what the chosen (or next closing) draw has taken; POST and PUT limit, POST limit/delete, DELETE limit/{id}.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { Queryable } from '../../../shared/db.ts'
import { totoNumberCounts } from '../../../../schemas/domain/toto-lines.ts'
import { roundMoney } from '../../betting/rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { bettingErrors } from '../../betting/errors.ts'
import { limitNumberOf, takenUnits } from '../store/limits.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { existingDraw, drawNotClosedSql } from '../../draws/api.ts'
import { isTotoNumber } from '../../../../schemas/domain/toto-lines.ts'

const MaxUnits = Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'the most units the number and bet type may take in one draw (0 stops it)' })
const BetType = Type.String({ minLength: 1, maxLength: 10, description: 'ORDINARY, SYSTEM, ROLL, 2*, 3*, 4*, *2, *3, *4, TO, TE or TT' })
const NumberText = Type.String({ maxLength: 60, description: 'the two-digit numbers of the line, spaces or commas between (none for TO, TE, TT)' })
const Limit = Type.Object({
  LimitId: Type.Integer(),
  Number: Type.String(),
  BetType: Type.String(),
  MaxUnits: Type.Number(),
  DrawId: Type.Union([Type.Integer(), Type.Null()]),
  Taken: Type.Number(),
  Left: Type.Number(),
  UpdatedBy: Type.String()
})
interface Row { limit_id: number, number: string, bet_type: string, max_units: string, updated_by: string }

/** The bet type and number of a limit as sent, checked like a bet line (counts by type, 1 to 49, no repeats) and written the way bets are matched. */
export function limitKeyOf (betType: string, numberText: string): { betType: string, number: string } {
  const type = betType.trim().toUpperCase()
  const counts = totoNumberCounts(type)
  if (counts === undefined) throw bettingErrors.limitBadBetType()
  const parts = numberText.trim() === '' ? [] : numberText.trim().split(/[\s,]+/)
  if (parts.some((p) => !/^\d{1,2}$/.test(p) || !isTotoNumber(Number(p)))) throw bettingErrors.limitBadNumber(numberText)
  const numbers = parts.map(Number)
  if (new Set(numbers).size !== numbers.length) throw bettingErrors.limitNumberRepeats(numberText)
  if (!counts.includes(numbers.length)) throw bettingErrors.limitNumberCount(type, counts, numbers.length)
  return { betType: type, number: limitNumberOf(type, numbers) }
}

/** The draw a list reports on: the one asked for, else the game's next draw still open for betting, else none. */
async function reportDraw (q: Queryable, game: Game, asked: number | undefined, now: Date): Promise<number | null> {
  if (asked !== undefined) {
    return Number((await existingDraw(q, asked, { game })).draw_id)
  }
  const { rows: [next] } = await q.query<{ draw_id: number }>(
    `SELECT draw_id FROM draws WHERE game = $1 AND ${drawNotClosedSql('draws', '$2')} ORDER BY close_at, draw_id LIMIT 1`, [game, now])
  return next ? Number(next.draw_id) : null
}

/** The limit calls of the prefix's game (registered for TOTO: Limit Setting is TT only). */
const limitRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  const audit = (q: Queryable, request: FastifyRequest, action: string, detail: Record<string, unknown>) =>
    app.gaAudit(q, request, { userId: caller(request).userId, action, detail })

  app.get('/limit', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ DrawId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })), LocId: LocIdField }), response: envelope(Type.Array(Limit)) }
  }, async (request) => {
    const drawId = await reportDraw(app.db, game, request.query.DrawId, app.gaNow())
    const { rows } = await app.db.query<Row>('SELECT * FROM bet_limits WHERE game = $1 ORDER BY bet_type, number', [game])
    const taken = drawId === null ? new Map<string, number>() : await takenUnits(app.db, game, [drawId], [...new Set(rows.map((r) => r.bet_type))])
    return ok(rows.map((r) => {
      const used = taken.get(`${drawId}|${r.bet_type}|${r.number}`) ?? 0
      return { LimitId: Number(r.limit_id), Number: r.number, BetType: r.bet_type, MaxUnits: Number(r.max_units), DrawId: drawId, Taken: used, Left: roundMoney(Math.max(0, Number(r.max_units) - used)), UpdatedBy: r.updated_by }
    }))
  })

  app.post('/limit', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object({ Number: Type.Optional(NumberText), BetType, MaxUnits, LocId: LocIdField }), response: envelope(Type.Object({ LimitId: Type.Integer(), Number: Type.String(), BetType: Type.String(), MaxUnits: Type.Number() })) }
  }, async (request) => {
    const key = limitKeyOf(request.body.BetType, request.body.Number ?? '')
    const user = caller(request)
    const row = await app.db.transaction(async (tx) => {
      const { rows: [made] } = await tx.query<Row>(
        `INSERT INTO bet_limits (game, number, bet_type, max_units, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (game, bet_type, number) DO NOTHING RETURNING *`, [game, key.number, key.betType, request.body.MaxUnits, user.userId, app.gaNow()])
      if (!made) throw bettingErrors.limitExists(key.number, key.betType)
      await audit(tx, request, 'limit.create', { LimitId: made.limit_id, Number: key.number, BetType: key.betType, MaxUnits: request.body.MaxUnits })
      return made
    })
    return ok({ LimitId: Number(row.limit_id), Number: row.number, BetType: row.bet_type, MaxUnits: Number(row.max_units) })
  })

  app.put('/limit', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object({ LimitId: Type.Integer({ minimum: 1, maximum: 2147483647 }), MaxUnits, LocId: LocIdField }), response: envelope(Type.Object({ LimitId: Type.Integer(), MaxUnits: Type.Number() })) }
  }, async (request) => {
    const { LimitId: id, MaxUnits: max } = request.body
    await app.db.transaction(async (tx) => {
      const { rows: [was] } = await tx.query<Row>('SELECT * FROM bet_limits WHERE limit_id = $1 AND game = $2 FOR UPDATE', [id, game])
      if (!was) throw bettingErrors.limitNotFound(id)
      await audit(tx, request, 'limit.update', { LimitId: id, Number: was.number, BetType: was.bet_type, from: Number(was.max_units), to: max })
      await tx.query('UPDATE bet_limits SET max_units = $2, updated_by = $3, updated_at = $4 WHERE limit_id = $1', [id, max, caller(request).userId, app.gaNow()])
    })
    return ok({ LimitId: id, MaxUnits: max })
  })

  /** Deletes the limits named, all or none. */
  const remove = async (request: FastifyRequest, ids: number[]) => app.db.transaction(async (tx) => {
    const { rows } = await tx.query<Row>('DELETE FROM bet_limits WHERE limit_id = ANY($1::int[]) AND game = $2 RETURNING *', [ids, game])
    const missing = ids.find((id) => !rows.some((r) => Number(r.limit_id) === id))
    if (missing !== undefined) throw bettingErrors.limitNotFound(missing)
    await audit(tx, request, 'limit.delete', { limits: rows.map((r) => ({ LimitId: r.limit_id, Number: r.number, BetType: r.bet_type, MaxUnits: Number(r.max_units) })) })
    return rows.length
  })

  app.post('/limit/delete', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        LimitIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: 1000 })),
        Number: Type.Optional(NumberText),
        BetType: Type.Optional(BetType),
        LocId: LocIdField
      }),
      response: envelope(Type.Object({ Deleted: Type.Integer() }))
    }
  }, async (request) => {
    const { LimitIds, BetType: type } = request.body
    if (LimitIds) return ok({ Deleted: await remove(request, [...new Set(LimitIds)]) })
    if (type === undefined) throw bettingErrors.limitNoKey()
    const key = limitKeyOf(type, request.body.Number ?? '')
    const { rows: [found] } = await app.db.query<Row>('SELECT * FROM bet_limits WHERE game = $1 AND bet_type = $2 AND number = $3', [game, key.betType, key.number])
    if (!found) throw bettingErrors.limitNotSet(key.number, key.betType)
    return ok({ Deleted: await remove(request, [Number(found.limit_id)]) })
  })

  app.delete('/limit/:id', {
    onRequest: app.gaRequireAdmin,
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Deleted: Type.Integer() })) }
  }, async (request) => ok({ Deleted: await remove(request, [request.params.id]) }))
}

export default limitRoutes
