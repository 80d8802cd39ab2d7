import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { fourDResultProblems, isIsoDate, totoResultProblems, type FourDResult, type Game, type TotoResult } from '../../../betting/index.ts'
import { LocIdField, envelope, ok } from '../../../lib/envelope.ts'
import { errors } from '../../../lib/errors.ts'
import { toGmt8Iso } from '../../../lib/gmt8.ts'
import { caller } from '../../../plugins/auth.ts'
import { DrawResultSchema, DrawSchema } from './schemas.ts'
import { SERIES_OF, closeAtOf, ensureUpcomingDraws, toDrawAnswer, type DrawRow } from './store/draws.ts'
import { bettingErrors } from './store/errors.ts'
import { settleDraw } from './store/settle.ts'

const DrawIdField = Type.Integer({ minimum: 1, maximum: 2147483647 })

/** Reads a result sent as JSON into the game's shape, or answers every problem found. */
export function resultOf (game: Game, raw: Record<string, unknown>): FourDResult | TotoResult {
  const text = (v: unknown) => typeof v === 'number' ? String(v).padStart(4, '0') : String(v ?? '')
  if (game === '4D') {
    const list = (v: unknown) => Array.isArray(v) ? v.map(text) : []
    const result: FourDResult = { first: text(raw.first), second: text(raw.second), third: text(raw.third), starters: list(raw.starters), consolations: list(raw.consolations) }
    const problems = fourDResultProblems(result)
    if (problems.length > 0) throw bettingErrors.badResult(problems)
    return result
  }
  const result: TotoResult = { winning: Array.isArray(raw.winning) ? raw.winning.map(Number) : [], additional: Number(raw.additional) }
  const problems = totoResultProblems(result)
  if (problems.length > 0) throw bettingErrors.badResult(problems)
  return result
}

/** Draws of the prefix's game: lists, open draws, results, and (ADMIN) creating draws, entering results and finalising (which settles). */
const drawRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  const list = async (where: string, params: unknown[], limit = 200) => {
    const { rows } = await app.db.query<DrawRow>(`SELECT * FROM draws WHERE game = $1 ${where} ORDER BY draw_date DESC, draw_id DESC LIMIT ${limit}`, [game, ...params])
    return rows.map(toDrawAnswer)
  }
  const ListQuery = Type.Object({ LocId: LocIdField })

  app.get('/draw/dateAll', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async () => {
    await ensureUpcomingDraws(app.db, game, app.gaNow())
    return ok(await list('', []))
  })

  app.get('/draw/activeLatest', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async () => {
    const now = app.gaNow()
    await ensureUpcomingDraws(app.db, game, now)
    const { rows } = await app.db.query<DrawRow>('SELECT * FROM draws WHERE game = $1 AND close_at > $2 AND NOT is_finalised ORDER BY close_at, series', [game, now])
    return ok(rows.map(toDrawAnswer))
  })

  app.get('/draw/resultDate', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async () => ok(await list('AND result IS NOT NULL', [])))

  app.get('/draw2', {
    schema: { querystring: Type.Object({ LocId: LocIdField, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })) }), response: envelope(Type.Array(DrawSchema)) }
  }, async (request) => ok(await list('', [], request.query.limit ?? 200)))

  app.get('/draw/result', {
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(DrawResultSchema) }
  }, async (request) => {
    const { rows: [draw] } = await app.db.query<DrawRow>('SELECT * FROM draws WHERE draw_id = $1 AND game = $2', [request.query.DrawId, game])
    if (!draw) throw bettingErrors.drawNotFound(request.query.DrawId)
    return ok({ ...toDrawAnswer(draw), Result: (draw.result ?? null) as Record<string, unknown> | null })
  })

  app.post('/draw', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({ DrawDate: Type.String({ minLength: 10, maxLength: 10, description: 'a date written YYYY-MM-DD' }), Series: Type.Optional(Type.String({ maxLength: 10 })), LocId: LocIdField }),
      response: envelope(DrawSchema)
    }
  }, async (request) => {
    const user = caller(request)
    const { DrawDate: date } = request.body
    const series = (request.body.Series ?? SERIES_OF[game][0]) as DrawRow['series']
    if (!isIsoDate(date)) throw errors.badInput('body/DrawDate must be a date written YYYY-MM-DD')
    if (!SERIES_OF[game].includes(series)) throw errors.badInput(`body/Series must be one of ${SERIES_OF[game].join(', ')} for ${game}`)
    const created = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<DrawRow>(
        `INSERT INTO draws (game, series, draw_date, close_at, special, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (series, draw_date) DO NOTHING RETURNING *`, [game, series, date, closeAtOf(date), series === 'MG4D' && new Date(`${date}T00:00:00Z`).getUTCDay() === 2, app.gaNow()])
      if (!rows[0]) throw bettingErrors.drawExists(series, date)
      await app.gaAudit(tx, request, { userId: user.userId, action: 'draw.create', detail: { DrawId: Number(rows[0].draw_id), series, date } })
      return toDrawAnswer(rows[0])
    })
    return ok(created)
  })

  app.post('/draw/result', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({ DrawId: DrawIdField, Result: Type.Record(Type.String(), Type.Unknown()), LocId: LocIdField }),
      response: envelope(DrawResultSchema)
    }
  }, async (request) => {
    const user = caller(request)
    const { DrawId: drawId } = request.body
    const result = resultOf(game, request.body.Result)
    const saved = await app.db.transaction(async (tx) => {
      const { rows: [draw] } = await tx.query<DrawRow>('SELECT * FROM draws WHERE draw_id = $1 AND game = $2 FOR UPDATE', [drawId, game])
      if (!draw) throw bettingErrors.drawNotFound(drawId)
      if (draw.is_finalised) throw bettingErrors.drawFinalised(drawId)
      if (new Date(draw.close_at).getTime() > app.gaNow().getTime()) throw bettingErrors.drawNotClosed(drawId, toGmt8Iso(new Date(draw.close_at)))
      const { rows: [updated] } = await tx.query<DrawRow>('UPDATE draws SET result = $2, result_entered_at = $3 WHERE draw_id = $1 RETURNING *', [drawId, JSON.stringify(result), app.gaNow()])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'draw.result', detail: { DrawId: drawId } })
      return updated as DrawRow
    })
    return ok({ ...toDrawAnswer(saved), Result: result as unknown as Record<string, unknown> })
  })

  app.put('/draw', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({ DrawId: DrawIdField, IsFinalised: Type.Literal(true, { description: 'true (finalising settles every bet of the draw)' }), LocId: LocIdField }),
      response: envelope(Type.Object({ DrawId: Type.Integer(), IsFinalised: Type.Boolean(), Bets: Type.Integer(), Winners: Type.Integer(), Strikes: Type.Integer(), Payout: Type.Number() }))
    }
  }, async (request) => {
    const user = caller(request)
    const { DrawId: drawId } = request.body
    const summary = await app.db.transaction(async (tx) => {
      const { rows: [draw] } = await tx.query<DrawRow>('SELECT game FROM draws WHERE draw_id = $1', [drawId])
      if (!draw || draw.game !== game) throw bettingErrors.drawNotFound(drawId)
      const settled = await settleDraw(tx, drawId, app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'draw.finalise', detail: { ...settled } })
      return settled
    })
    // PGlite has no autovacuum: fresh statistics after each settlement keep the report plans on hash joins (ANALYZE samples, so its cost is bounded).
    await app.db.query('ANALYZE bets, bet_levels, strikes, tickets')
    return ok({ ...summary, IsFinalised: true })
  })
}

export default drawRoutes
