// PUT {agents|players} (and players/update): name, flags and locations; PUT …/position: shares, commissions, tax. Checked against the parent under its row lock.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { accountErrors } from '../errors.ts'
import { assertManaged, type AccountKind } from '../store/kinds.ts'
import { checkBelow, checkPosition, lineStakeCap, positionOf, writePosition } from '../store/position.ts'
import { flagsProblem, locationsProblem, FLAGS, type Flag } from '../rules/downline-rules.ts'
import { AccountProfile, PositionBody, UpdateBody } from '../schemas.ts'
import { locationsOf, writeFlags, writeLocations } from '../store/accounts.ts'
import { changeAccount } from '../store/change-account.ts'
import { writeMaxLineStake, writeUserName } from '../store/account-writes.ts'

/** The change and position calls of one kind. */
const changeRoutes: FastifyPluginAsyncTypebox<{ kind: AccountKind }> = async (app, { kind }) => {
  // Seed 001 §7 names PUT players/update beside PUT players: the same call.
  const paths = kind.prefix === 'players' ? ['/players', '/players/update'] : ['/agents']
  for (const path of paths) {
    app.put(path, { schema: { body: UpdateBody, response: envelope(AccountProfile) } }, async (request) => {
      const body = request.body
      await assertManaged(app.db, request, kind, body.UserId)
      return ok(await changeAccount(app.db, body.UserId, async (tx, target, parent) => {
        const flags: Partial<Record<Flag, number>> = {}
        for (const f of FLAGS) if (body[f] !== undefined) flags[f] = body[f]
        const flagProblem = flagsProblem(flags, parent.userId, parent.flags)
        if (flagProblem) throw flagProblem
        if (body.Locations !== undefined) {
          const problem = locationsProblem(body.Locations, parent.userId, await locationsOf(tx, parent.userId))
          if (problem) throw problem
          await writeLocations(tx, target.userId, body.Locations)
        }
        await writeFlags(tx, target.userId, flags)
        if (body.UserName !== undefined) await writeUserName(tx, target.userId, body.UserName.trim())
        await app.gaAudit(tx, request, { userId: caller(request).userId, action: `${kind.prefix}.update`, detail: { UserId: target.userId, ...flags, ...(body.UserName !== undefined ? { UserName: body.UserName } : {}), ...(body.Locations ? { Locations: body.Locations } : {}) } })
      }))
    })
  }

  app.put(`/${kind.prefix}/position`, {
    schema: { body: PositionBody, response: envelope(AccountProfile) }
  }, async (request) => {
    const body = request.body
    await assertManaged(app.db, request, kind, body.UserId)
    const position = positionOf(body)
    return ok(await changeAccount(app.db, body.UserId, async (tx, target, parent) => {
      await checkPosition(tx, parent, position)
      await checkBelow(tx, target.userId, position)
      await writePosition(tx, target.userId, position)
      const max = body.MaxLineStake
      if (max !== undefined) {
        // Nobody below may risk more on a line than its parent may; the company sets any.
        const cap = lineStakeCap(parent)
        if (cap !== undefined && max > cap) throw accountErrors.aboveParent('MaxLineStake', max, parent.userId, cap)
        await writeMaxLineStake(tx, target.userId, max)
      }
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: `${kind.prefix}.position`, detail: { UserId: target.userId, ...position, ...(max !== undefined ? { MaxLineStake: max } : {}) } })
    }))
  })
}

export default changeRoutes
