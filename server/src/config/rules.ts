import type { Profile } from '../../../schemas/game-api.ts'
import type { Rule, SettingPath } from '../../../schemas/rule.ts'

/** What a rule is evaluated against: the signed-in profile, the current location, the device class and the server settings. */
export interface RuleContext {
  profile: Profile
  /** flags: 'TT' | 'MG' | 'Thai' */
  location: { LocId: string, flags: string[] }
  mobile: boolean
  /** Needed for the Android and iOS links. */
  settings?: { mobileAppData?: { downloadUrl: string, iosDownloadUrl: string } }
}

/** A rule compiled to a closure at config load time (the hot path of GET /ui/session). */
export type CompiledRule = (ctx: RuleContext) => boolean

const always: CompiledRule = () => true

/** perm(X): Granted holds X or '*'. */
export function hasPerm (profile: Profile, perm: string): boolean {
  const granted = profile.Granted
  return granted.includes(perm) || granted.includes('*')
}

/** Whether the context is at a TT (TOTO) location. */
export function isTT (ctx: RuleContext): boolean {
  return ctx.location.flags.includes('TT')
}

/** The value of a settings path such as mobileAppData.downloadUrl ('' when absent). */
export function settingValue (ctx: RuleContext, path: SettingPath): string {
  const data = ctx.settings?.mobileAppData
  const value = path === 'mobileAppData.downloadUrl' ? data?.downloadUrl : data?.iosDownloadUrl
  return typeof value === 'string' ? value.trim() : ''
}

// Numeric switches: 0, null, absent and non-numbers are false.
function numberOf (profile: Profile, field: string): number | undefined {
  const value = (profile as unknown as Record<string, unknown>)[field]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

function compare (left: number | undefined, op: string, right: number): boolean {
  if (left === undefined) return false
  switch (op) {
    case 'lt': return left < right
    case 'le': return left <= right
    case 'eq': return left === right
    case 'ne': return left !== right
    case 'ge': return left >= right
    case 'gt': return left > right
    default: return false
  }
}

/** Compiles a rule (already validated by the loader) into a closure, so nothing is re-interpreted per request; an absent rule is always true. */
export function compileRule (rule: Rule | undefined): CompiledRule {
  if (rule === undefined) return always
  if (rule.all !== undefined) {
    const parts = rule.all.map((r) => compileRule(r as Rule))
    return (ctx) => { for (const part of parts) if (!part(ctx)) return false; return true }
  }
  if (rule.any !== undefined) {
    const parts = rule.any.map((r) => compileRule(r as Rule))
    return (ctx) => { for (const part of parts) if (part(ctx)) return true; return false }
  }
  if (rule.not !== undefined) {
    const inner = compileRule(rule.not as Rule)
    return (ctx) => !inner(ctx)
  }
  if (rule.role !== undefined) { const role = rule.role; return (ctx) => ctx.profile.Role === role }
  if (rule.perm !== undefined) { const perm = rule.perm; return (ctx) => hasPerm(ctx.profile, perm) }
  if (rule.adminPerm !== undefined) {
    const perm = rule.adminPerm
    return (ctx) => ctx.profile.Role === 'ADMIN' && (ctx.profile.AliasId === 'ADMIN' || hasPerm(ctx.profile, perm))
  }
  if (rule.flag !== undefined) { const field = rule.flag; return (ctx) => (numberOf(ctx.profile, field) ?? 0) !== 0 }
  if (rule.tt !== undefined) return isTT
  if (rule.mobile !== undefined) return (ctx) => ctx.mobile
  if (rule.cmp !== undefined) { const { field, op, value } = rule.cmp; return (ctx) => compare(numberOf(ctx.profile, field), op, value) }
  if (rule.setting !== undefined) { const path = rule.setting; return (ctx) => settingValue(ctx, path) !== '' }
  return () => false
}
