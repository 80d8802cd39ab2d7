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

/** One change to a user's facts (profile fields, location kind, device class, a setting), with what it says to a person. */
export interface FactChange {
  text: string
  profile?: Partial<Record<string, unknown>>
  tt?: boolean
  mobile?: boolean
  settings?: Partial<Record<SettingPath, string>>
}

/** A leaf of the rule language: its test (the only place a leaf is evaluated), the fact it reads, and the change that would turn it. */
interface Leaf { test: CompiledRule, text: string, read: (ctx: RuleContext) => unknown, change: (ctx: RuleContext, held: boolean) => FactChange }

const OP_TEXT: Record<string, string> = { lt: '<', le: '<=', eq: '=', ne: '!=', ge: '>=', gt: '>' }

function leafOf (rule: Rule): Leaf | undefined {
  if (rule.role !== undefined) {
    const role = rule.role
    return {
      test: (ctx) => ctx.profile.Role === role,
      text: `role ${role}`,
      read: (ctx) => ctx.profile.Role,
      change: (_ctx, held) => held ? { text: `a role other than ${role}`, profile: { Role: role === 'AG' ? 'MEM' : 'AG' } } : { text: `make the user's role ${role}`, profile: { Role: role } }
    }
  }
  if (rule.perm !== undefined) {
    const perm = rule.perm
    return {
      test: (ctx) => hasPerm(ctx.profile, perm),
      text: `perm(${perm})`,
      read: (ctx) => ctx.profile.Granted,
      change: (ctx, held) => held
        ? { text: `revoke ${perm}${ctx.profile.Granted.includes('*') ? ' and *' : ''}`, profile: { Granted: ctx.profile.Granted.filter((g) => g !== perm && g !== '*') } }
        : { text: `grant ${perm}`, profile: { Granted: [...ctx.profile.Granted, perm] } }
    }
  }
  if (rule.adminPerm !== undefined) {
    const perm = rule.adminPerm
    return {
      test: (ctx) => ctx.profile.Role === 'ADMIN' && (ctx.profile.AliasId === 'ADMIN' || hasPerm(ctx.profile, perm)),
      text: `adminPerm(${perm})`,
      read: (ctx) => ({ Role: ctx.profile.Role, AliasId: ctx.profile.AliasId, Granted: ctx.profile.Granted }),
      change: (ctx, held) => {
        if (held) return ctx.profile.AliasId === 'ADMIN' ? { text: 'a role other than ADMIN', profile: { Role: 'AG' } } : { text: `revoke ${perm}${ctx.profile.Granted.includes('*') ? ' and *' : ''}`, profile: { Granted: ctx.profile.Granted.filter((g) => g !== perm && g !== '*') } }
        const grant = hasPerm(ctx.profile, perm) ? {} : { Granted: [...ctx.profile.Granted, perm] }
        return ctx.profile.Role === 'ADMIN' ? { text: `grant ${perm}`, profile: grant } : { text: `make the user an ADMIN${hasPerm(ctx.profile, perm) ? '' : ` holding ${perm}`}`, profile: { Role: 'ADMIN', ...grant } }
      }
    }
  }
  if (rule.flag !== undefined) {
    const field = rule.flag
    return {
      test: (ctx) => (numberOf(ctx.profile, field) ?? 0) !== 0,
      text: `${field} on`,
      read: (ctx) => (ctx.profile as unknown as Record<string, unknown>)[field] ?? null,
      change: (_ctx, held) => held ? { text: `set ${field} to 0`, profile: { [field]: 0 } } : { text: `set ${field} to 1`, profile: { [field]: 1 } }
    }
  }
  if (rule.tt !== undefined) {
    return {
      test: isTT,
      text: 'at a TT location',
      read: (ctx) => ({ LocId: ctx.location.LocId, flags: ctx.location.flags }),
      change: (_ctx, held) => held ? { text: 'a location that is not TT', tt: false } : { text: 'a TT location', tt: true }
    }
  }
  if (rule.mobile !== undefined) {
    return {
      test: (ctx) => ctx.mobile,
      text: 'on a mobile browser',
      read: (ctx) => ctx.mobile,
      change: (_ctx, held) => held ? { text: 'a desktop browser', mobile: false } : { text: 'a mobile browser', mobile: true }
    }
  }
  if (rule.cmp !== undefined) {
    const { field, op, value } = rule.cmp
    return {
      test: (ctx) => compare(numberOf(ctx.profile, field), op, value),
      text: `${field} ${OP_TEXT[op] ?? op} ${value}`,
      read: (ctx) => (ctx.profile as unknown as Record<string, unknown>)[field] ?? null,
      change: (ctx, held) => {
        const now = numberOf(ctx.profile, field)
        const to = [value, value - 1, value + 1, value - 0.01, value + 0.01].find((v) => compare(v, op, value) !== held && v !== now) ?? value
        return { text: `set ${field} to ${to}`, profile: { [field]: to } }
      }
    }
  }
  if (rule.setting !== undefined) {
    const path = rule.setting
    return {
      test: (ctx) => settingValue(ctx, path) !== '',
      text: `setting ${path} set`,
      read: (ctx) => settingValue(ctx, path),
      change: (_ctx, held) => held ? { text: `clear the setting ${path}`, settings: { [path]: '' } } : { text: `set the setting ${path}`, settings: { [path]: 'https://example.invalid/app' } }
    }
  }
  return undefined
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
  return leafOf(rule)?.test ?? (() => false)
}

/** A rule evaluated for an explanation: every branch (no short cut), each leaf with the fact it read and the change that would turn it. */
export interface RuleTrace {
  op: string
  text: string
  held: boolean
  file?: string
  pointer?: string
  read?: unknown
  change?: FactChange
  children?: RuleTrace[]
}

/** Traces a rule with the same leaf tests compileRule uses; held is what the compiled rule answers. */
export function traceRule (rule: Rule | undefined, ctx: RuleContext, file?: string, pointer?: string): RuleTrace {
  const where = { ...(file === undefined ? {} : { file }), ...(pointer === undefined ? {} : { pointer }) }
  if (rule === undefined) return { op: 'always', text: 'no rule: always', held: true, ...where }
  const nested = (list: unknown[], key: string) => list.map((r, i) => traceRule(r as Rule, ctx, file, pointer === undefined ? undefined : `${pointer}/${key}/${i}`))
  if (rule.all !== undefined) { const children = nested(rule.all, 'all'); return { op: 'all', text: 'all of', held: children.every((c) => c.held), ...where, children } }
  if (rule.any !== undefined) { const children = nested(rule.any, 'any'); return { op: 'any', text: 'any of', held: children.some((c) => c.held), ...where, children } }
  if (rule.not !== undefined) {
    const inner = traceRule(rule.not as Rule, ctx, file, pointer === undefined ? undefined : `${pointer}/not`)
    return { op: 'not', text: 'not', held: !inner.held, ...where, children: [inner] }
  }
  const leaf = leafOf(rule)
  if (!leaf) return { op: 'unknown', text: 'an unknown operator: never', held: false, ...where }
  const held = leaf.test(ctx)
  return { op: Object.keys(rule)[0] ?? 'unknown', text: leaf.text, held, read: leaf.read(ctx), change: leaf.change(ctx, held), ...where }
}

/** The context with a change applied (a what-if: nothing is changed anywhere). */
export function withChange (ctx: RuleContext, change: FactChange): RuleContext {
  const flags = change.tt === undefined ? ctx.location.flags : change.tt ? [...ctx.location.flags.filter((f) => f !== 'TT'), 'TT'] : ctx.location.flags.filter((f) => f !== 'TT')
  const data = ctx.settings?.mobileAppData ?? { downloadUrl: '', iosDownloadUrl: '' }
  return {
    profile: { ...ctx.profile, ...(change.profile ?? {}) } as Profile,
    location: { LocId: ctx.location.LocId, flags },
    mobile: change.mobile ?? ctx.mobile,
    settings: {
      mobileAppData: {
        downloadUrl: change.settings?.['mobileAppData.downloadUrl'] ?? data.downloadUrl,
        iosDownloadUrl: change.settings?.['mobileAppData.iosDownloadUrl'] ?? data.iosDownloadUrl
      }
    }
  }
}
