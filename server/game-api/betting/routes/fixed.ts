import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LINE_STAKE_BOUND, roundMoney, type Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { GameApiError, errors } from '../../lib/errors.ts'
import { findRole } from '../../lib/users.ts'
import { caller } from '../../plugins/auth.ts'
import { drawsOfDayCode } from '../../draws/api.ts'
import { bettingErrors } from '../errors.ts'
import { assertSelfOrDownline, mayPlaceBets, subjectOf } from '../../lib/downline-access.ts'
import { fourDLinesOf, totoLinesOf, type FourDLineBody, type TotoLineBody } from '../store/lines.ts'
import { lineStake } from '../store/place.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'
import { placeOrder } from '../store/service.ts'
import { fixedBets, toFixed, type FixedRow } from '../store/fixed-list.ts'

const LineBody = Type.Object({
  Number: Type.Optional(Type.String({ maxLength: 4 })),
  Form: Type.Optional(Type.String({ maxLength: 10 })),
  Big: Type.Optional(Type.Number({ maximum: LINE_STAKE_BOUND })),
  Small: Type.Optional(Type.Number({ maximum: LINE_STAKE_BOUND })),
  Type: Type.Optional(Type.String({ maxLength: 10 })),
  Numbers: Type.Optional(Type.Array(Type.Integer(), { maxItems: 12 })),
  Units: Type.Optional(Type.Integer())
})
const FixedSchema = Type.Object({
  FixedId: Type.Integer(),
  UserId: Type.String(),
  PlacedBy: Type.String(),
  Game: Type.String(),
  DayCode: Type.String(),
  Lines: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  LinesText: Type.String(),
  StakePerDraw: Type.Number(),
  Active: Type.Boolean(),
  CreatedDate: Type.String()
})

/** Fixed (recurring) bets: stored lines with a day code, listed, deleted, and placed on the next draws by the fixed process (ADMIN). */
const fixedRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.post('/bet/fixed', {
    schema: { body: Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), DayCode: Type.String({ minLength: 1, maxLength: 4 }), Lines: Type.Array(LineBody, { minItems: 1, maxItems: 100 }), LocId: LocIdField }), response: envelope(FixedSchema) }
  }, async (request) => {
    const user = caller(request)
    // A staff admin sets fixed bets up on the company's account (subjectOf) and stays the one who placed them.
    const userId = await subjectOf(app.db, user, request.body.UserId)
    if (!await mayPlaceBets(app.db, user.userId)) throw bettingErrors.betNotAllowed(user.userId)
    const lines = game === '4D' ? fourDLinesOf(request.body.Lines as FourDLineBody[]) : totoLinesOf(request.body.Lines as TotoLineBody[])
    const perDraw = roundMoney(lines.reduce((sum, line) => sum + lineStake(game, line), 0))
    const saved = await app.db.transaction(async (tx) => {
      // The day code is checked now, so a fixed bet never holds a code the process cannot place.
      await drawsOfDayCode(tx, game, request.body.DayCode, app.gaNow())
      const { rows: [row] } = await tx.query<FixedRow>(
        'INSERT INTO fixed_bets (user_id, placed_by, game, day_code, lines, stake_per_draw, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *',
        [userId, user.userId, game, request.body.DayCode.toUpperCase(), JSON.stringify(lines), perDraw, app.gaNow()])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'fixed.create', detail: { FixedId: Number(row?.fixed_id), UserId: userId } })
      return row as FixedRow
    })
    return ok(toFixed(saved))
  })

  // fixed/page3: the group's standing bets; fixed/view: one user's own (the caller's without UserId).
  for (const [path, ownOnly] of [['/fixed/page3', false], ['/fixed/view', true]] as const) {
    app.get(path, {
      schema: { querystring: Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField }), response: envelope(Type.Array(FixedSchema)) }
    }, async (request) => {
      const userId = await subjectOf(app.db, caller(request), request.query.UserId)
      return ok(await fixedBets(app.db, { userId, game, ownOnly }))
    })
  }

  app.delete('/bet/fixed', {
    schema: { querystring: Type.Object({ FixedId: Type.Integer({ minimum: 1, maximum: 2147483647 }), LocId: LocIdField }), response: envelope(Type.Literal(true)) }
  }, async (request) => {
    const user = caller(request)
    const { rows: [row] } = await app.db.query<FixedRow>('SELECT * FROM fixed_bets WHERE fixed_id = $1 AND game = $2', [request.query.FixedId, game])
    if (!row) throw bettingErrors.fixedNotFound(request.query.FixedId)
    await assertSelfOrDownline(app.db, user, row.user_id, 'fixed bet')
    await app.db.transaction(async (tx) => {
      await tx.query('DELETE FROM fixed_bets WHERE fixed_id = $1', [row.fixed_id])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'fixed.delete', detail: { FixedId: Number(row.fixed_id) } })
    })
    return ok(true as const)
  })

  app.post('/fixed/process', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({ LocId: LocIdField }),
      response: envelope(Type.Object({ Placed: Type.Array(Type.Object({ FixedId: Type.Integer(), TicketNo: Type.String() })), Failed: Type.Array(Type.Object({ FixedId: Type.Integer(), Message: Type.String() })) }))
    }
  }, async (request) => {
    const { rows } = await app.db.query<FixedRow>('SELECT * FROM fixed_bets WHERE game = $1 AND active ORDER BY fixed_id', [game])
    const placed: Array<{ FixedId: number, TicketNo: string }> = []
    const failed: Array<{ FixedId: number, Message: string }> = []
    for (const row of rows) {
      // Each fixed bet is its own ticket and transaction: one bettor out of credit does not stop the others.
      try {
        // The ticket is placed as the user who set the fixed bet up, with that user's rights today.
        const role = await findRole(app.db, row.placed_by)
        if (role === undefined) throw errors.userNotFound(row.placed_by)
        const answer = await placeOrder(app.db, {
          user: { userId: row.placed_by, role, tokenHash: '' },
          userId: row.user_id,
          game,
          dayCode: row.day_code,
          source: 'fixed',
          ...(game === '4D' ? { fourD: row.lines as FourDLineInput[] } : { toto: row.lines as TotoLineInput[] })
        }, app.gaNow())
        placed.push({ FixedId: Number(row.fixed_id), TicketNo: answer.ticketNo })
      } catch (error) {
        if (!(error instanceof GameApiError)) throw error
        failed.push({ FixedId: Number(row.fixed_id), Message: error.message })
      }
    }
    return ok({ Placed: placed, Failed: failed })
  })
}

export default fixedRoutes
