// GET getPartnerWeb: the web addresses of the distributors (partner outlets) the caller may throw to, its own and those shared with it.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { partnerWebsOf } from '../api-distributors.ts'

const PartnerWeb = Type.Object({ PartnerId: Type.Integer(), Name: Type.String(), Web: Type.String() })

/** Read-only, for every role: a member or a level without outlets answers []; a staff admin reads its company's outlets. */
const partnerWebRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/getPartnerWeb', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(PartnerWeb)) }
  }, async (request) => ok(await partnerWebsOf(app.db, callerOf(request))))
}

export default partnerWebRoutes
