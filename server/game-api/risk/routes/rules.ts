// Distributor rules (GET, PUT distributors/rule/{id}) and the per-distributor outset job (PUT distributors/rule/{id}/outset, GET …/outset/status).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { saveRules, startRuleOutset } from '../api.ts'
import { distributorRulesOf, ruleOutsetStatus } from '../api-distributors.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const GameField = Type.Union([Type.Literal('4D'), Type.Literal('TOTO')])
const Cap = Type.Optional(Type.Number({ minimum: 0, maximum: 999999999, description: 'dollars (4D) or units (TOTO) per number and draw, at most 2 decimals' }))
const RuleBody = Type.Object({
  Game: GameField,
  Number: Type.Optional(Type.String({ maxLength: 60, description: 'a number, a 4D pattern (* for any digit), or empty for every number' })),
  Big: Cap,
  Small: Cap,
  Units: Cap,
  Priority: Type.Integer({ minimum: 0, maximum: 9999, description: 'lower goes first' })
})
const Rule = Type.Object({ RuleId: Type.Integer(), Game: Type.String(), Number: Type.String(), Big: Type.Number(), Small: Type.Number(), Units: Type.Number(), Priority: Type.Integer() })
const JobStatus = Type.Object({ JobId: Type.Integer(), Status: Type.String(), Progress: Type.Integer({ minimum: 0, maximum: 100 }), ...JobMessageSchema })
const Params = Type.Object({ id: Id })

/** The rule calls: reading is open to the owner and its partners, changing to the owner, outset to both (each for its own level); a staff admin acts for the company's level. */
const ruleRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game: prefixGame }) => {
  // Each use case checks OutSet first, as the menu's OutSet rule does.
  app.get('/distributors/rule/:id', { schema: { params: Params, querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(Rule)) } }, async (request) => ok(await distributorRulesOf(app.db, callerOf(request), { distributorId: request.params.id })))

  app.put('/distributors/rule/:id', {
    schema: { params: Params, body: Type.Object({ Rules: Type.Array(RuleBody, { maxItems: 100, description: 'the rules, replacing the list; empty: none' }), LocId: LocIdField }), response: envelope(Type.Array(Rule)) }
  }, async (request) => ok(await saveRules(app.db, callerOf(request), { distributorId: request.params.id, rules: request.body.Rules })))

  app.put('/distributors/rule/:id/outset', {
    schema: {
      params: Params,
      body: Type.Object({ Game: Type.Optional(Type.Union([Type.Literal('4D'), Type.Literal('TOTO')], { description: 'default: the game of the prefix' })), DrawId: Type.Optional(Id), LocId: LocIdField }),
      // DistributorId too: the page polls the status by the distributor (its job widget reads the id from the start answer).
      response: envelope(Type.Object({ JobId: Type.Integer(), DistributorId: Type.Integer() }))
    }
  }, async (request) => {
    const id = request.params.id
    const jobId = await startRuleOutset(app.db, callerOf(request), { game: request.body.Game ?? prefixGame, distributorId: id, drawId: request.body.DrawId })
    app.jobs.wake()
    return ok({ JobId: jobId, DistributorId: id })
  })

  app.get('/distributors/rule/:id/outset/status', { schema: { params: Params, querystring: Type.Object({ LocId: LocIdField }), response: envelope(JobStatus) } }, async (request) => ok(await ruleOutsetStatus(app.db, callerOf(request), { distributorId: request.params.id })))
}

export default ruleRoutes
