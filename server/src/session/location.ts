import type { Location } from '../../../schemas/game-api.ts'
import type { GamePrefix } from '../../../schemas/domain/calendar.ts'

/** The location to use: the stored one while the user may still use it, else the first the user may use (undefined when none). */
export function pickLocation (available: readonly Location[], stored: string | undefined): Location | undefined {
  return available.find((l) => l.LocId === stored) ?? available[0]
}

/** The game prefix of a location: TOTO locations (flag TT) talk to tt/, every other to 4d/. */
export function gameOf (location: Pick<Location, 'flags'>): GamePrefix {
  return location.flags.includes('TT') ? 'tt' : '4d'
}
