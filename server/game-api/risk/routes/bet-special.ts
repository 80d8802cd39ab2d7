// Bet Special (4D): GET getBetSpecialSetting1 and 2, PUT updateBetSpecialSetting, PUT generateBetSpecial (queues the job), GET generateBetSpecial/{id}/status.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SPECIAL_PATTERNS } from '../rules/special-numbers.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { betSpecialSetting1, betSpecialSetting2, betSpecialStatus, generateBetSpecial, updateBetSpecial } from '../api.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Pattern = Type.Enum([...SPECIAL_PATTERNS], { description: SPECIAL_PATTERNS.join(', ') })
// In cents at most: checked by the one cents rule, as JSON Schema's multipleOf 0.01 refuses binary fractions such as 0.07.
const Money = Type.Number({ minimum: 0, maximum: 100000 })
const Series = Type.Union([Type.Literal('SG4D'), Type.Literal('MG4D')])
const Setting1 = Type.Object({
  Patterns: Type.Array(Pattern),
  Numbers: Type.Array(Type.String({ pattern: '^\\d{4}$' })),
  NumbersText: Type.String({ description: 'Numbers as one text, spaces between (what the page\'s form edits)' }),
  Big: Type.Number(),
  Small: Type.Number(),
  Count: Type.Integer({ description: 'how many numbers the setting plays' }),
  PatternChoices: Type.Array(Type.Object({ Pattern, Count: Type.Integer(), Example: Type.String() }))
})
const Setting2 = Type.Object({ UserId: Type.String(), Series, SkipPlaced: Type.Boolean(), MaxStake: Type.Number() })
const Update = Type.Object({
  Patterns: Type.Optional(Type.Array(Pattern, { maxItems: SPECIAL_PATTERNS.length, uniqueItems: true })),
  Numbers: Type.Optional(Type.Array(Type.String({ pattern: '^\\d{4}$', description: 'a 4-digit number' }), { maxItems: 500 })),
  NumbersText: Type.Optional(Type.String({ maxLength: 2500, pattern: '^[\\d\\s,]*$', description: '4-digit numbers, spaces or commas between (instead of Numbers)' })),
  Big: Type.Optional(Money),
  Small: Type.Optional(Money),
  UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  Series: Type.Optional(Series),
  SkipPlaced: Type.Optional(Type.Boolean()),
  MaxStake: Type.Optional(Type.Number({ minimum: 0, maximum: 10000000 })),
  LocId: LocIdField
})
const Status = Type.Object({
  JobId: Type.Integer(),
  Status: Type.String(),
  Progress: Type.Integer({ minimum: 0, maximum: 100 }),
  ...JobMessageSchema,
  TicketNo: Type.Union([Type.String(), Type.Null()]),
  Lines: Type.Integer(),
  Stake: Type.Number()
})

/** The Bet Special calls: the caller's own level (a staff admin's: the company's), OutSet needed. */
const betSpecialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const Query = Type.Object({ LocId: LocIdField })

  app.get('/getBetSpecialSetting1', { schema: { querystring: Query, response: envelope(Setting1) } }, async (request) => ok(await betSpecialSetting1(app.db, callerOf(request))))

  app.get('/getBetSpecialSetting2', { schema: { querystring: Query, response: envelope(Setting2) } }, async (request) => ok(await betSpecialSetting2(app.db, callerOf(request))))

  app.put('/updateBetSpecialSetting', { schema: { body: Update, response: envelope(Type.Object({ Setting1, Setting2 })) } }, async (request) => ok(await updateBetSpecial(app.db, callerOf(request), request.body)))

  app.put('/generateBetSpecial', {
    schema: { body: Type.Object({ DrawId: Type.Optional(Id), LocId: LocIdField }), response: envelope(Type.Object({ JobId: Type.Integer(), DrawId: Type.Integer(), Lines: Type.Integer() })) }
  }, async (request) => {
    const answer = await generateBetSpecial(app.db, callerOf(request), { drawId: request.body.DrawId })
    // The job runs on this instance's runner at once rather than at its next poll.
    app.jobs.wake()
    return ok(answer)
  })

  app.get('/generateBetSpecial/:id/status', { schema: { params: Type.Object({ id: Id }), querystring: Query, response: envelope(Status) } }, async (request) => ok(await betSpecialStatus(app.db, callerOf(request), { jobId: request.params.id })))
}

export default betSpecialRoutes
