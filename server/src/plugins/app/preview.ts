import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { supportErrors } from '../../errors.ts'

/** The only calls other than reads a previewing session may make: leaving the preview, and signing out. */
const WAYS_BACK = new Set(['DELETE /ui/preview', 'POST /ui/logout'])
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Read-only by construction: while a session previews another user, every other non-GET is refused (403) and audited with both identities. */
async function preview (app: FastifyInstance) {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (READS.has(request.method)) return
    const session = app.sessions.read(request)
    if (!session?.preview) return
    const path = request.url.split('?')[0] ?? ''
    if (WAYS_BACK.has(`${request.method} ${path}`)) return
    const error = supportErrors.SUPPORT_PREVIEW_READ_ONLY(session.preview.UserId, `${request.method} ${path}`)
    // The record names the supporter (the session's user) and whom they were previewing.
    await app.audit.recordDenial(request, error, { detail: { previewing: session.preview } })
    throw error
  })
}

export default fp(preview, { name: 'preview', dependencies: ['session', 'audit'] })
