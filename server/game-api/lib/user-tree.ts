// The one walk of the ParentId tree in SQL, down (a downline) or up (an upline chain), always cut at a depth so a parent cycle in the data ends.

/** How many levels a walk goes: far deeper than any real hierarchy, and a cycle stops here instead of running the query forever. */
export const TREE_DEPTH_CAP = 64

/** Where a walk starts and what it carries. */
export interface TreeWalk {
  /** SQL selecting the start rows (depth 0): user_id first (for uplineCte, then parent_id), then the carried columns in their order. */
  from: string
  /** Further columns, each with its value on the next row: `p` is the row walked from, `u` the user reached. */
  carry?: Record<string, string>
  /** A condition on `u` that every reached user must meet; a user failing it ends that branch. */
  where?: string
}

const carried = (walk: TreeWalk) => {
  const entries = Object.entries(walk.carry ?? {})
  return { names: entries.map(([name]) => `, ${name}`).join(''), values: entries.map(([, value]) => `, ${value}`).join('') }
}

const condition = (walk: TreeWalk) => walk.where === undefined ? '' : ` AND (${walk.where})`

/** A recursive CTE `name (user_id, …carry, depth)`: the start rows at depth 0 and every user below them (write `WITH RECURSIVE` before it). */
export function downlineCte (name: string, walk: TreeWalk): string {
  const { names, values } = carried(walk)
  return `${name} (user_id${names}, depth) AS (
    SELECT s.*, 0 FROM (${walk.from}) s
    UNION ALL SELECT u.user_id${values}, p.depth + 1 FROM ${name} p JOIN users u ON u.parent_id = p.user_id WHERE p.depth < ${TREE_DEPTH_CAP}${condition(walk)})`
}

/** A recursive CTE `name (user_id, parent_id, …carry, depth)`: the start rows at depth 0 and every user above them, nearest first (write `WITH RECURSIVE` before it). */
export function uplineCte (name: string, walk: TreeWalk): string {
  const { names, values } = carried(walk)
  return `${name} (user_id, parent_id${names}, depth) AS (
    SELECT s.*, 0 FROM (${walk.from}) s
    UNION ALL SELECT u.user_id, u.parent_id${values}, p.depth + 1 FROM ${name} p JOIN users u ON u.user_id = p.parent_id WHERE p.depth < ${TREE_DEPTH_CAP}${condition(walk)})`
}
