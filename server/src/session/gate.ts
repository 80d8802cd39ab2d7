import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errors, type CataloguedError } from '../errors.ts'
import type { UiSession } from '../plugins/app/session.ts'
import type { UserContext } from '../plugins/app/user-context.ts'

/** The client's own gates, held on the server: the refusal (a forced password change first, then the terms) or none. */
export function gateRefusal (session: UiSession, user: UserContext): CataloguedError | undefined {
  // While previewing, the context is the previewed user's: only the supporter's own session decides.
  const own = session.preview ? undefined : user.profile
  if (own?.updatePassword === true) return errors.passwordChangeRequired()
  if (!session.termsAccepted && own?.termsAccepted !== true) return errors.termsRequired()
  return undefined
}

/** No page and no game API call until the gates are passed; a refusal is audited as a denial naming its code, like every other refusal, then thrown. */
export async function assertPastGates (app: FastifyInstance, request: FastifyRequest, session: UiSession, user: UserContext): Promise<void> {
  const refusal = gateRefusal(session, user)
  if (!refusal) return
  // The path only (the record drops the query), never the body: nothing typed reaches the log.
  await app.audit.recordDenial(request, refusal, { userId: session.UserId, locId: user.location.LocId })
  throw refusal
}
