// The d/t/m family (d: 4D, t: TOTO, m: member): the downline of every role, a downline's game profile, what the Agents and Players dialogs load to edit or create, and the share choices.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import type { Role } from '../../../../schemas/game-api.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline, subjectOf } from '../../lib/downline-access.ts'
import { findRole } from '../../lib/store/users.ts'
import { SIDE_FIELDS, boundsUnder, gameProfile, membersAllRoles, parentOf, shareChoices, type GameProfile } from '../store/game-profiles.ts'
import { locationsOf } from '../store/accounts.ts'

const UserRef = Type.String({ minLength: 1, maxLength: 50, description: 'a user id' })
const Member = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), ParentId: Type.Union([Type.String(), Type.Null()]), Depth: Type.Integer(), Share: Type.Number(), Suspended: Type.Boolean() })
const Limits = Type.Union([Type.Object({ Big: Type.Union([Type.Number(), Type.Null()]), Small: Type.Union([Type.Number(), Type.Null()]), Unit: Type.Union([Type.Number(), Type.Null()]) }), Type.Null()])
/** A user's profile on one game's side: its share and commission under the side's names (dShare, dCommission / tShare, tCommission). */
function profileSchema (game: Game) {
  const { share, commission } = SIDE_FIELDS[game]
  return Type.Object({
    UserId: Type.String(),
    UserName: Type.String(),
    Role: Type.String(),
    ParentId: Type.Union([Type.String(), Type.Null()]),
    Game: Type.String(),
    [share]: Type.Number(),
    [commission]: Type.Number(),
    Tax: Type.Number(),
    MaxLineStake: Type.Number(),
    Credit: Type.Number(),
    CreditLeft: Type.Number(),
    Suspended: Type.Boolean(),
    Locations: Type.Array(Type.String()),
    Limits
  })
}
const Bound = Type.Object({ Min: Type.Number(), Max: Type.Number(), Step: Type.Number() })
/** What the parent may give, by field name (the side's share and commission, Tax, MaxLineStake): a form's bounds read Bounds.<field>.Max. */
const BoundsSchema = Type.Record(Type.String(), Bound)
/** The edit dialog's record: the profile's fields, which fill the form, and its Bounds. */
const editAnswer = (game: Game) => Type.Object({ ...profileSchema(game).properties, Bounds: BoundsSchema })
/**
 * The new dialog's record: the parent, its credit left and locations, the new account's defaults under the form's field names, and Bounds.
 * Both games' share and commission: a new account ticked for both locations gets both games' terms, whichever game the dialog opened at.
 */
const NewAnswer = Type.Object({
  ParentId: Type.String(),
  Game: Type.String(),
  ParentCreditLeft: Type.Number(),
  Locations: Type.Array(Type.String()),
  dShare: Type.Number(),
  dCommission: Type.Number(),
  tShare: Type.Number(),
  tCommission: Type.Number(),
  Tax: Type.Number(),
  MaxLineStake: Type.Number(),
  Credit: Type.Number(),
  Bounds: BoundsSchema
})
const UserQuery = Type.Object({ LocId: LocIdField, UserId: UserRef })
const RootQuery = Type.Object({ LocId: LocIdField, UserId: Type.Optional(UserRef) })
const ParentQuery = Type.Object({ LocId: LocIdField, ParentId: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'the new account\'s parent (default: the caller; a staff admin: its company)' })) })

/** The calls of one side: d (4D) and t (TOTO) share every handler. */
const otherGame = (game: Game): Game => game === '4D' ? 'TOTO' : '4D'
const sides: Array<{ letter: 'd' | 'T', all: string, game: Game }> = [{ letter: 'd', all: 'dMemberAllRole', game: '4D' }, { letter: 'T', all: 'tMemberAllRole', game: 'TOTO' }]

const gameProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** A downline's game profile (the caller's own too when self is allowed); role, when given, must match. */
  async function profileOf (request: Parameters<typeof caller>[0], userId: string, game: Game, role?: Role): Promise<GameProfile> {
    await assertSelfOrDownline(app.db, caller(request), userId)
    const found = await findRole(app.db, userId)
    if (found === undefined) throw errors.userNotFound(userId)
    if (role !== undefined && found !== role) throw errors.wrongAccountKind(userId, role === 'AG' ? 'agents' : 'players', role === 'AG' ? 'players' : 'agents')
    const profile = await gameProfile(app.db, userId, game)
    if (!profile) throw errors.userNotFound(userId)
    return profile
  }

  for (const { letter, all, game } of sides) {
    // Every role below the caller's account (or below UserId), by depth, with the game's share.
    app.get(`/${all}`, { schema: { querystring: RootQuery, response: envelope(Type.Array(Member)) } },
      async (request) => ok(await membersAllRoles(app.db, await subjectOf(app.db, caller(request), request.query.UserId), game)))

    // The edit dialog: the downline's game profile and what its parent may give it, in the fields the form and PUT …/position use.
    app.get(`/profile${letter === 'd' ? '' : 'T'}EditFull`, { schema: { querystring: UserQuery, response: envelope(editAnswer(game)) } }, async (request) => {
      const user = caller(request)
      if (request.query.UserId === user.userId) throw errors.notOwnAccount()
      const profile = await profileOf(request, request.query.UserId, game)
      const parent = profile.ParentId === null ? undefined : await parentOf(app.db, profile.ParentId)
      if (!parent) throw errors.userNotFound(profile.ParentId ?? request.query.UserId)
      return ok({ ...profile, Bounds: await boundsUnder(app.db, parent, game) })
    })

    // The new dialog: the defaults of a new account under the parent (the form's fields, as POST agents/players takes them) and what the parent may give.
    app.get(`/profile${letter === 'd' ? '' : 'T'}NewFull`, { schema: { querystring: ParentQuery, response: envelope(NewAnswer) } }, async (request) => {
      const user = caller(request)
      // The parent POST agents/players defaults to as well: a staff admin's new accounts go under the company.
      const parentId = await subjectOf(app.db, user, request.query.ParentId)
      const parent = await parentOf(app.db, parentId)
      if (!parent) throw errors.userNotFound(parentId)
      if (parent.role === 'MEM') throw errors.wrongAccountKind(parentId, 'agents', 'players')
      // The parent's locations the caller may use itself (the form's choices, locIdAvailable): a staff admin ticks none it cannot see.
      const own = parentId === user.userId ? undefined : await locationsOf(app.db, user.userId)
      return ok({
        ParentId: parentId,
        Game: game,
        ParentCreditLeft: parent.creditLeft,
        Locations: (await locationsOf(app.db, parentId)).filter((l) => own === undefined || own.includes(l)),
        dShare: 0,
        dCommission: 0,
        tShare: 0,
        tCommission: 0,
        Tax: 0,
        MaxLineStake: parent.maxLineStake,
        Credit: 0,
        // The other game's bounds first: the dialog's own game decides Tax and MaxLineStake.
        Bounds: { ...await boundsUnder(app.db, parent, otherGame(game)), ...await boundsUnder(app.db, parent, game) }
      })
    })
  }

  // The 4D profile of a downline agent, of a member.
  app.get('/dMemberProfile', { schema: { querystring: UserQuery, response: envelope(profileSchema('4D')) } },
    async (request) => ok(await profileOf(request, request.query.UserId, '4D', 'AG')))
  app.get('/mMemberProfile', { schema: { querystring: UserQuery, response: envelope(profileSchema('4D')) } },
    async (request) => ok(await profileOf(request, request.query.UserId, '4D', 'MEM')))

  // The 4D share values the caller's account (or a downline parent) may give: 0 to its own dShare.
  app.get('/dShareTypeSelect', {
    schema: { querystring: RootQuery, response: envelope(Type.Array(Type.Object({ Value: Type.Number(), Label: Type.String() }))) }
  }, async (request) => {
    const parentId = await subjectOf(app.db, caller(request), request.query.UserId)
    const parent = await parentOf(app.db, parentId)
    if (!parent) throw errors.userNotFound(parentId)
    return ok(shareChoices(parent.dShare).map((v) => ({ Value: v, Label: `${Math.round(v * 100)}%` })))
  })
}

export default gameProfileRoutes
