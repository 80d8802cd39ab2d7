import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Queryable } from '../../shared/db.ts'

/** One change the game API made. */
export interface AuditEntry {
  userId: string | null
  action: string
  detail?: Record<string, unknown>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Records a change in the audits table, inside the caller's transaction. */
    gaAudit(q: Queryable, request: FastifyRequest, entry: AuditEntry): Promise<void>
  }
}

async function auditPlugin (app: FastifyInstance) {
  app.decorate('gaAudit', async function gaAudit (q: Queryable, request: FastifyRequest, entry: AuditEntry) {
    const path = request.url.split('?')[0] ?? request.url
    await q.query('INSERT INTO audits (user_id, action, path, detail, created_at) VALUES ($1, $2, $3, $4, $5)',
      [entry.userId, entry.action, path, JSON.stringify({ ...entry.detail, ip: request.ip }), app.gaNow()])
  })
}

export default fp(auditPlugin, { name: 'game-api-audit', dependencies: ['game-api-clock'] })
