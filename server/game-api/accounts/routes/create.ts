// POST agents and POST players (?Simple=true): a new downline under the caller (a staff admin: its company) or a user of their tree, with a one-time password.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { oneTimePassword } from '../rules/one-time-password.ts'
import { hashPassword } from '../../lib/secrets.ts'
import { caller } from '../../plugins/auth.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { accountErrors } from '../errors.ts'
import type { AccountKind } from '../store/kinds.ts'
import { checkPosition, positionOf, writePosition } from '../store/position.ts'
import { creditProblem, flagsProblem, locationsProblem, userIdProblem, type Flag } from '../rules/downline-rules.ts'
import { CreateBody, CreateQuery, Created } from '../schemas.ts'
import { locationsOf, lockUsers, takenId, writeLocations, type Locked } from '../store/accounts.ts'
import { insertAccount, takeCreditLeft } from '../store/account-writes.ts'

/** The flags a new account gets: what was asked, else placing bets when the parent may (Simple creates take only this default). */
function flagsFor (body: CreateBody, simple: boolean, parent: Locked): Record<Flag, number> {
  const ask = (f: Flag, fallback: number) => simple ? fallback : body[f] ?? fallback
  return {
    EnableCreateAgent: ask('EnableCreateAgent', 0),
    EnableCreateDownline: ask('EnableCreateDownline', 0),
    EnablePlaceBet: ask('EnablePlaceBet', parent.flags.EnablePlaceBet),
    EnableUpload: ask('EnableUpload', 0)
  }
}

/** Throws unless parent may have a downline of this kind. */
function assertMayCreate (parent: Locked, kind: AccountKind): void {
  if (parent.role === 'MEM') throw accountErrors.playerNoDownline(parent.userId)
  if (parent.flags.EnableCreateDownline !== 1) throw errors.noDownlineRight(parent.userId, kind.prefix, 'EnableCreateDownline')
  if (kind.role === 'AG' && parent.flags.EnableCreateAgent !== 1) throw errors.noDownlineRight(parent.userId, kind.prefix, 'EnableCreateAgent')
}

/** The create call of one kind. */
const createRoute: FastifyPluginAsyncTypebox<{ kind: AccountKind }> = async (app, { kind }) => {
  app.post(`/${kind.prefix}`, {
    schema: { querystring: CreateQuery, body: CreateBody, response: envelope(Created) }
  }, async (request) => {
    const user = caller(request)
    const body = request.body
    const simple = request.query.Simple === true
    const idProblem = userIdProblem(body.UserId)
    if (idProblem) throw idProblem
    // Under the named parent (the caller or its downline), else the caller's account: a staff admin creates under the company, as it holds no share to give.
    const parentId = await subjectOf(app.db, user, body.ParentId)
    const password = oneTimePassword()
    // Hashed before the transaction: scrypt should not hold the parent's row lock.
    const hash = await hashPassword(password)
    const credit = body.Credit ?? 0
    try {
      await app.db.transaction(async (tx) => {
        const parent = (await lockUsers(tx, [parentId])).get(parentId)
        if (!parent) throw errors.userNotFound(parentId)
        assertMayCreate(parent, kind)
        const taken = await takenId(tx, body.UserId)
        if (taken) throw errors.userIdTaken(body.UserId, taken)
        const flags = flagsFor(body, simple, parent)
        const flagProblem = flagsProblem(flags, parent.userId, parent.flags)
        if (flagProblem) throw flagProblem
        const parentLocations = await locationsOf(tx, parent.userId)
        const locations = simple || body.Locations === undefined ? parentLocations : body.Locations
        const locProblem = locationsProblem(locations, parent.userId, parentLocations)
        if (locProblem) throw locProblem
        const position = simple ? {} : positionOf(body)
        await checkPosition(tx, parent, position)
        // The company (ADMIN) issues credit without a limit of its own; anyone else gives from their credit left.
        const bounded = parent.role !== 'ADMIN'
        const problem = creditProblem({ userId: body.UserId, credit, oldCredit: 0, creditLeft: 0 }, parent.userId, bounded ? parent.creditLeft : undefined)
        if (problem) throw problem
        await insertAccount(tx, { userId: body.UserId, parentId: parent.userId, role: kind.role, userName: body.UserName?.trim() || body.UserId, rank: parent.rank + 1, credit, flags, passwordHash: hash }, app.gaNow())
        if (bounded && credit > 0) await takeCreditLeft(tx, parent.userId, credit)
        await writeLocations(tx, body.UserId, locations)
        await writePosition(tx, body.UserId, position)
        await app.gaAudit(tx, request, { userId: user.userId, action: `${kind.prefix}.create`, detail: { UserId: body.UserId, ParentId: parent.userId, Credit: credit, simple, ...flags, ...position, Locations: locations } })
      })
    } catch (error) {
      // Two creates of the same id at once: the unique index decides, and the loser hears the same refusal.
      if ((error as { code?: string }).code === '23505') throw errors.userIdTaken(body.UserId, await takenId(app.db, body.UserId) ?? body.UserId)
      throw error
    }
    return ok({ UserId: body.UserId, Password: password, updatePassword: true as const })
  })
}

export default createRoute
