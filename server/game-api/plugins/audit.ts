import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Queryable } from '../../shared/db.ts'
import { appendAudit, type AuditEntry } from '../lib/store/audit-trail.ts'
import { callOf } from '../lib/caller.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Records a change in the audits table, inside the caller's transaction. */
    gaAudit(q: Queryable, request: FastifyRequest, entry: AuditEntry): Promise<void>
  }
}

async function auditPlugin (app: FastifyInstance) {
  app.decorate('gaAudit', async function gaAudit (q: Queryable, request: FastifyRequest, entry: AuditEntry) {
    await appendAudit(q, callOf(request), entry)
  })
}

export default fp(auditPlugin, { name: 'game-api-audit', dependencies: ['game-api-clock'] })
