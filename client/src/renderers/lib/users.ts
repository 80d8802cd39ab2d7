// The user drop-down's rules of seed 001 §9: order, labels, placeholder and sizes.

/** One user option as the game API lists it (UserName, with the legacy Username as fallback). */
export interface UserOption { UserId: string, UserName?: string, Username?: string, Role?: string, Id?: number }

export const SMALL_DEVICE_WIDTH = 360
export const DROPDOWN_MAX_HEIGHT = 650

/** "UserId / Name", or the id alone when there is no name. */
export function userLabel (u: UserOption): string {
  const name = u.UserName ?? u.Username
  return name ? `${u.UserId} / ${name}` : u.UserId
}

const isAdmin = (u: UserOption) => u.Role === 'ADMIN' || u.UserId.toUpperCase() === 'ADMIN'
// A "zero id" is an option whose numeric id (Id, else UserId read as a number) is 0: such entries go after the real users.
const isZeroId = (u: UserOption) => Number(u.Id ?? u.UserId) === 0

/** ADMIN first, then non-zero ids before zero ids, then by label. */
export function sortUserOptions (users: readonly UserOption[]): UserOption[] {
  return [...users].sort((a, b) => {
    const admin = Number(isAdmin(b)) - Number(isAdmin(a))
    if (admin !== 0) return admin
    const zero = Number(isZeroId(a)) - Number(isZeroId(b))
    if (zero !== 0) return zero
    return userLabel(a).localeCompare(userLabel(b))
  })
}

/** Placeholder key: "UserId / Name", or "Id / Name" on mobile. */
export function userPlaceholderKey (mobile: boolean): string {
  return mobile ? 'renderers.user.placeholderMobile' : 'renderers.user.placeholder'
}

/** Option height in px: 24 at 360 px wide or less, else 26. */
export function optionHeight (viewportWidth: number): number {
  return viewportWidth <= SMALL_DEVICE_WIDTH ? 24 : 26
}

/** Draw-date drop-down least width in px: 105 on mobile, else 115 (wider when its texts need it). */
export function drawDateWidth (mobile: boolean): number {
  return mobile ? 105 : 115
}
