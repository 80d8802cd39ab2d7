import type { RuleContext } from '../config/rules.ts'
import type { UserContext } from '../plugins/app/user-context.ts'

/** The context the menu and page rules are evaluated against, from the user's game API facts and the device class. */
export function ruleContextOf (user: Pick<UserContext, 'profile' | 'location'> & { settings: Pick<UserContext['settings'], 'mobileAppData'> }, mobile: boolean): RuleContext {
  return {
    profile: user.profile,
    location: { LocId: user.location.LocId, flags: [...user.location.flags] },
    mobile,
    settings: { mobileAppData: user.settings.mobileAppData }
  }
}

/** One rule context per cached profile, location and device class, so decisions kept per context are reused across requests. */
const contexts = new WeakMap<object, Map<string, RuleContext>>()

/** The user's rule context, the same object while the cached profile, location and settings stay. */
export function sharedRuleContext (user: UserContext, mobile: boolean): RuleContext {
  const { LocId, flags } = user.location
  const key = `${LocId}|${flags.join(',')}|${mobile}|${user.settings.mobileAppData.downloadUrl}|${user.settings.mobileAppData.iosDownloadUrl}`
  let byKey = contexts.get(user.profile)
  if (!byKey) { byKey = new Map(); contexts.set(user.profile, byKey) }
  let ctx = byKey.get(key)
  if (!ctx) { ctx = ruleContextOf(user, mobile); byKey.set(key, ctx) }
  return ctx
}
