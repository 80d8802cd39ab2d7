// The d/t/m family (d: 4D, t: TOTO, m: member): the downline of every role, a downline's game profile, what the Agents and Players dialogs load to edit or create, and the share choices.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { SIDE_FIELDS } from '../rules/side-fields.ts'
import { editProfile, memberGameProfile, membersOfGame, newProfile, shareTypeChoices } from '../api-game-profiles.ts'

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
const sides: Array<{ letter: 'd' | 'T', all: string, game: Game }> = [{ letter: 'd', all: 'dMemberAllRole', game: '4D' }, { letter: 'T', all: 'tMemberAllRole', game: 'TOTO' }]

const gameProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const { letter, all, game } of sides) {
    // Every role below the caller's account (or below UserId), by depth, with the game's share.
    app.get(`/${all}`, { schema: { querystring: RootQuery, response: envelope(Type.Array(Member)) } },
      async (request) => ok(await membersOfGame(app.db, callerOf(request), { game, userId: request.query.UserId })))

    // The edit dialog: the downline's game profile and what its parent may give it, in the fields the form and PUT …/position use.
    app.get(`/profile${letter === 'd' ? '' : 'T'}EditFull`, { schema: { querystring: UserQuery, response: envelope(editAnswer(game)) } },
      async (request) => ok(await editProfile(app.db, callerOf(request), { userId: request.query.UserId, game })))

    // The new dialog: the defaults of a new account under the parent (the form's fields, as POST agents/players takes them) and what the parent may give.
    app.get(`/profile${letter === 'd' ? '' : 'T'}NewFull`, { schema: { querystring: ParentQuery, response: envelope(NewAnswer) } },
      async (request) => ok(await newProfile(app.db, callerOf(request), { parentId: request.query.ParentId, game })))
  }

  // The 4D profile of a downline agent, of a member.
  app.get('/dMemberProfile', { schema: { querystring: UserQuery, response: envelope(profileSchema('4D')) } },
    async (request) => ok(await memberGameProfile(app.db, callerOf(request), { userId: request.query.UserId, game: '4D', role: 'AG' })))
  app.get('/mMemberProfile', { schema: { querystring: UserQuery, response: envelope(profileSchema('4D')) } },
    async (request) => ok(await memberGameProfile(app.db, callerOf(request), { userId: request.query.UserId, game: '4D', role: 'MEM' })))

  // The 4D share values the caller's account (or a downline parent) may give: 0 to its own dShare.
  app.get('/dShareTypeSelect', {
    schema: { querystring: RootQuery, response: envelope(Type.Array(Type.Object({ Value: Type.Number(), Label: Type.String() }))) }
  }, async (request) => ok(await shareTypeChoices(app.db, callerOf(request), { userId: request.query.UserId })))
}

export default gameProfileRoutes
