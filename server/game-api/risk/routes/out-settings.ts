// Out Setting (GET/POST outSetting6): the most a level keeps of a number per bet type; placement holds it per draw across all tickets.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { findRole } from '../../lib/users.ts'
import { caller } from '../../plugins/auth.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { normaliseNumber } from '../rules/numbers.ts'
import { assertOutSet } from '../store/out-set.ts'
import { outLimitsOf, writeOutLimit, type OutLimitRow } from '../store/out-settings.ts'
import { outsetErrors } from '../errors.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'

const Limit = Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 999999999 })], { description: 'dollars (4D) or units (TOTO), 0 or more with at most 2 decimals; null for no limit' })
/** One limit row: Number '*' is the level's default for every number. */
const OutSettingRow = Type.Object({
  UserId: Type.String(),
  Number: Type.String(),
  Big: Type.Union([Type.Number(), Type.Null()]),
  Small: Type.Union([Type.Number(), Type.Null()]),
  Units: Type.Union([Type.Number(), Type.Null()])
})
const num = (v: string | null) => v === null ? null : Number(v)
const toRow = (r: OutLimitRow) => ({ UserId: r.user_id, Number: r.number, Big: num(r.big_limit), Small: num(r.small_limit), Units: num(r.unit_limit) })
const cents = (v: number | null | undefined) => v === null || v === undefined || inWholeCents(v)

/** GET outSetting6 (a level's limits), POST outSetting6 (set or clear one). */
const outSettingRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/outSetting6', {
    schema: { querystring: Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField }), response: envelope(Type.Array(OutSettingRow)) }
  }, async (request) => {
    const user = caller(request)
    await assertOutSet(app.db, user)
    // A staff admin reads and sets the company's limits (subjectOf); a named user must be within reach.
    const userId = await subjectOf(app.db, user, request.query.UserId)
    const rows = await outLimitsOf(app.db, userId, game)
    return ok(rows.map(toRow))
  })

  app.post('/outSetting6', {
    schema: {
      body: Type.Object({
        UserId: Type.Optional(Type.String({ maxLength: 50 })),
        Number: Type.Optional(Type.String({ maxLength: 60, description: 'one number (4D) or entry (TOTO); empty or * for the default of every number' })),
        Big: Type.Optional(Limit),
        Small: Type.Optional(Limit),
        Units: Type.Optional(Limit),
        LocId: LocIdField
      }),
      response: envelope(Type.Union([OutSettingRow, Type.Null()]))
    }
  }, async (request) => {
    const user = caller(request)
    await assertOutSet(app.db, user)
    const body = request.body
    const userId = await subjectOf(app.db, user, body.UserId)
    if (await findRole(app.db, userId) === 'MEM') throw outsetErrors.memberKeepsNothing(userId)
    // One game's bet types only: a field of the other game would be stored and never read.
    if (game === '4D' && body.Units !== undefined && body.Units !== null) throw outsetErrors.wrongField('Units', '4D', 'give Big and Small in dollars')
    if (game === 'TOTO' && ((body.Big ?? null) !== null || (body.Small ?? null) !== null)) throw outsetErrors.wrongField(body.Big !== undefined ? 'Big' : 'Small', 'TOTO', 'give Units')
    for (const [field, value] of [['Big', body.Big], ['Small', body.Small], ['Units', body.Units]] as const) {
      if (!cents(value)) throw outsetErrors.badNumber(String(value), `a valid ${field}: use at most 2 decimals`)
    }
    const raw = (body.Number ?? '').trim()
    const number = raw === '' || raw === '*' ? '*' : normaliseNumber(game, raw)
    const limits = [body.Big ?? null, body.Small ?? null, body.Units ?? null]
    const cleared = limits.every((v) => v === null)
    const saved = await app.db.transaction(async (tx) => {
      const row = await writeOutLimit(tx, userId, game, number, cleared ? null : limits, app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'outSetting.save', detail: { game, UserId: userId, Number: number, Big: limits[0], Small: limits[1], Units: limits[2] } })
      return row
    })
    return ok(saved ? toRow(saved) : null)
  })
}

export default outSettingRoutes
