import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Location, Profile, ServerSettings } from '../../../schemas/game-api.ts'
import type { RuleContext } from '../config/rules.ts'
import { CataloguedError } from '../errors.ts'
import { gameOf } from '../session/location.ts'
import { ruleContextOf } from '../session/rule-context.ts'

/** Users whose menus and pages one impact resolves at most: beyond it, the first users of each role and depth stand for the rest. */
export const MAX_IMPACT_USERS = 300
/** Game API reads under way at once while reading users (the operator's own API may be small). */
const READS_AT_ONCE = 4

/** One member of the game API's user tree (GET memberTree). */
interface TreeMember { UserId: string, Role: string, Depth: number }
/** One user at one of their locations, as the rules read them. */
export interface ImpactSubject { profile: Profile, location: Location, ctx: RuleContext }

/**
 * The users to examine: the whole tree up to the limit; beyond it, users taken in turn from each (role, depth) class, so every
 * kind of user the tree holds is represented.
 */
export function chooseUsers (tree: readonly TreeMember[], limit = MAX_IMPACT_USERS): string[] {
  if (tree.length <= limit) return tree.map((m) => m.UserId)
  const classes = new Map<string, string[]>()
  for (const member of tree) {
    const key = `${member.Role}/${member.Depth}`
    classes.set(key, [...(classes.get(key) ?? []), member.UserId])
  }
  const chosen: string[] = []
  for (let i = 0; chosen.length < limit; i++) {
    for (const ids of classes.values()) if (ids[i] !== undefined && chosen.length < limit) chosen.push(ids[i] as string)
  }
  return chosen
}

/** Runs fn over items, a few at a time, keeping their order. */
async function inTurns<T, R> (items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => { for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i] as T) }
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, items.length) }, worker))
  return out
}

/**
 * The users the game API knows, each at every location they may use, read with the operator's own token (as GET /ui/explain
 * reads one user): the operator's tree (memberTree: a staff admin's is the company's), then each user's profile and locations;
 * settings once per location. A user the API no longer answers for (removed meanwhile) is left out.
 */
export async function impactSubjects (app: FastifyInstance, request: FastifyRequest, token: string, own: Location, mobile: boolean): Promise<{ known: number, examined: number, subjects: ImpactSubject[] }> {
  const call = <T>(path: string, query: Record<string, string>) => app.gameApi.call<T>({ method: 'GET', path, token, query, request })
  const tree = await call<TreeMember[]>(`/api/v1/${gameOf(own)}/memberTree`, { LocId: own.LocId })
  const settings = new Map<string, Promise<ServerSettings>>()
  const settingsOf = (location: Location) => {
    let read = settings.get(location.LocId)
    if (!read) { read = call<ServerSettings>(`/api/v1/${gameOf(location)}/settings`, { LocId: location.LocId }); settings.set(location.LocId, read) }
    return read
  }
  const users = await inTurns(chooseUsers(tree), async (UserId) => {
    try {
      return await Promise.all([call<Profile>('/api/v1/userProfile', { UserId }), call<Location[]>('/api/v1/4d/locIdAvailable', { UserId })])
    } catch (error) {
      // Only a refusal about that user (gone or out of reach since the tree was read) leaves them out; an expired session or an API away ends the read.
      const status = error instanceof CataloguedError ? error.statusCode : 0
      if (status !== 403 && status !== 404) throw error
      request.log.warn({ err: error, user: UserId }, 'config impact: a user of the tree could not be read; left out')
      return null
    }
  })
  const subjects: ImpactSubject[] = []
  let examined = 0
  for (const user of users) {
    if (user === null) continue
    examined++
    const [profile, locations] = user
    for (const location of locations) {
      const { mobileAppData } = await settingsOf(location)
      subjects.push({ profile, location, ctx: ruleContextOf({ profile, location, settings: { mobileAppData } }, mobile) })
    }
  }
  return { known: tree.length, examined, subjects }
}
