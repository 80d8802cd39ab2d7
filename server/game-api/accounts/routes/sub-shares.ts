// Sub share (Control › Sub Share): the company's share of the prefix's game split among named holders, the parts never above 100 %. ADMIN only.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { createSubShare, removeSubShare, subShares } from '../api.ts'

const SubShare = Type.Object({ SubShareId: Type.Integer(), Game: Type.String(), Holder: Type.String(), Share: Type.Number(), CreatedBy: Type.String(), CreatedDate: Type.String() })

/** GET subShare, POST subShare, DELETE subShare/{id}. */
const subShareRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/subShare', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(SubShare)) } }, async (request) => ok(await subShares(app.db, callerOf(request), { game })))

  app.post('/subShare', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        Holder: Type.String({ minLength: 1, maxLength: 50, description: 'the holder\'s name, 1 to 50 characters' }),
        Share: Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'above 0 and at most 1, in steps of 0.01' })
      }),
      response: envelope(SubShare)
    }
  }, async (request) => ok(await createSubShare(app.db, callerOf(request), { game, holder: request.body.Holder, share: request.body.Share })))

  app.delete('/subShare/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Literal(true)) }
  }, async (request) => ok(await removeSubShare(app.db, callerOf(request), { game, subShareId: request.params.id })))
}

export default subShareRoutes
