import { Type, type Static } from 'typebox'
import { ConfigChangeKind } from './config-versions.ts'

// GET /ui/config/drafts/:id/impact: whose menus, pages and report columns a draft would change if it were published.

/** One menu item a user would gain, lose or see changed (label, path, group, order), by its group and item keys. */
export const ImpactMenuChange = Type.Object({
  key: Type.String({ description: 'group/item, e.g. report/full' }),
  kind: ConfigChangeKind
})
export type ImpactMenuChange = Static<typeof ImpactMenuChange>

/** One column of a table a user would gain, lose or see changed (label, width, type…), by the table's widget id and the column's field. */
export const ImpactColumnChange = Type.Object({
  table: Type.String({ description: 'the table widget id, e.g. full' }),
  field: Type.String({ description: 'the column field, e.g. Stake' }),
  kind: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')])
})
export type ImpactColumnChange = Static<typeof ImpactColumnChange>

/** One page whose answer to a user would change: gained (added), lost (removed) or served differently (changed), with the columns that change in it. */
export const ImpactPageChange = Type.Object({
  path: Type.String({ description: 'the page path; a route template\'s :Name segments read as Name' }),
  kind: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')]),
  columns: Type.Array(ImpactColumnChange)
})
export type ImpactPageChange = Static<typeof ImpactPageChange>

/** What the draft would change for one user at one location. */
export const UserImpact = Type.Object({
  UserId: Type.String(),
  Role: Type.String(),
  Rank: Type.Number(),
  LocId: Type.String(),
  tt: Type.Boolean({ description: 'a TT (TOTO) location' }),
  menu: Type.Array(ImpactMenuChange),
  pages: Type.Array(ImpactPageChange)
})
export type UserImpact = Static<typeof UserImpact>

/** The users of one role at one location: who would see a change, and the union of what changes for them (one row of the impact table). */
export const ImpactGroup = Type.Object({
  Role: Type.String(),
  LocId: Type.String(),
  tt: Type.Boolean(),
  users: Type.Array(Type.String(), { description: 'every user of that role examined at that location' }),
  affected: Type.Array(Type.String(), { description: 'those whose menu or pages would change' }),
  menu: Type.Array(Type.String(), { description: 'the menu items changed for any of them, as "group/item kind"' }),
  pages: Type.Array(Type.String(), { description: 'the pages changed for any of them, as "path kind"' }),
  columns: Type.Array(Type.String(), { description: 'the columns changed for any of them, as "path table.field kind"' })
})
export type ImpactGroup = Static<typeof ImpactGroup>

/** The whole answer: by role and location, then user by user (only users with a change). */
export const ConfigImpact = Type.Object({
  live: Type.Integer({ minimum: 0, description: 'the live version the draft is compared with' }),
  mobile: Type.Boolean({ description: 'whether the mobile variants were compared (desktop otherwise)' }),
  users: Type.Object({
    known: Type.Integer({ minimum: 0, description: 'users in the game API\'s tree' }),
    examined: Type.Integer({ minimum: 0, description: 'users whose menus and pages were resolved (all of them up to the limit; beyond it, the first of each role and depth)' })
  }),
  groups: Type.Array(ImpactGroup),
  changes: Type.Array(UserImpact)
})
export type ConfigImpact = Static<typeof ConfigImpact>
