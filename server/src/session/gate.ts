import { errors } from '../errors.ts'
import type { UiSession } from '../plugins/app/session.ts'
import type { UserContext } from '../plugins/app/user-context.ts'

/** The client's own gates, held on the server: no page and no game API call until a forced password change is made and the terms are accepted. */
export function assertPastGates (session: UiSession, user: UserContext): void {
  // While previewing, the context is the previewed user's: only the supporter's own session decides.
  const own = session.preview ? undefined : user.profile
  if (own?.updatePassword === true) throw errors.passwordChangeRequired()
  if (!session.termsAccepted && own?.termsAccepted !== true) throw errors.termsRequired()
}
