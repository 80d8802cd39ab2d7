import type { RuleContext } from '../config/rules.ts'
import type { UserContext } from '../plugins/app/user-context.ts'

/** The context the menu and page rules are evaluated against, from the user's game API facts and the device class. */
export function ruleContextOf (user: UserContext, mobile: boolean): RuleContext {
  return {
    profile: user.profile,
    location: { LocId: user.location.LocId, flags: [...user.location.flags] },
    mobile,
    settings: { mobileAppData: user.settings.mobileAppData }
  }
}
