import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuditEntry } from '../audit/record.ts'
import { configErrors } from '../errors.ts'
import { sharedRuleContext } from '../session/rule-context.ts'
import { compileRule } from '../config/rules.ts'
import type { Rule } from '../../../schemas/rule.ts'

/** The console's two permissions, held as any other Granted permission (the Permission page grants them; '*' holds both). */
export type ConsolePermission = 'ConfigEdit' | 'ConfigApprove'

/** The rule each permission is checked with: the menu's rule language, so Utilities → Configuration and the API agree. */
export const consoleRules: Record<ConsolePermission, Rule> = { ConfigEdit: { adminPerm: 'ConfigEdit' }, ConfigApprove: { adminPerm: 'ConfigApprove' } }
const compiled = { ConfigEdit: compileRule(consoleRules.ConfigEdit), ConfigApprove: compileRule(consoleRules.ConfigApprove) }

/** The signed-in operator of a console call, as the audit names them. */
export interface Operator { userId: string, actor: Partial<AuditEntry> }

/** The caller when they hold the permission; otherwise the refusal is audited, then thrown (401 signed out, 403 without it). */
export async function operatorOf (app: FastifyInstance, request: FastifyRequest, permission: ConsolePermission): Promise<Operator> {
  const session = app.sessions.read(request)
  if (!session) {
    const error = configErrors.CONFIG_AUTH_REQUIRED()
    await app.audit.recordDenial(request, error, {})
    throw error
  }
  const user = await app.userContext.own(request, session)
  const actor = { userId: session.UserId, locId: user.location.LocId, role: user.profile.Role }
  if (!compiled[permission](sharedRuleContext(user, session.mobile))) {
    const error = configErrors.CONFIG_FORBIDDEN(permission)
    await app.audit.recordDenial(request, error, actor)
    throw error
  }
  return { userId: session.UserId, actor }
}
