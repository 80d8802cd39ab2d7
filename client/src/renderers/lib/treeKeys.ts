// The WAI-ARIA tree keys over the flat rows: which node a key moves to, opens, closes or chooses. Pure, so the virtualised
// list can answer keys for nodes that are not in the page.
import type { TreeNodeRow, TreeRow } from './treeRows.ts'

export type TreeKeyAction =
  | { kind: 'move', to: number }
  | { kind: 'toggle', id: string }
  | { kind: 'choose', row: TreeNodeRow }

const nodeAt = (rows: readonly TreeRow[], i: number) => rows[i]?.kind === 'node' ? i : undefined

/** The next node row from `from` stepping by `step` (status rows are skipped), or undefined at the end. */
function step (rows: readonly TreeRow[], from: number, by: 1 | -1): number | undefined {
  for (let i = from + by; i >= 0 && i < rows.length; i += by) if (rows[i]!.kind === 'node') return i
  return undefined
}

/** What the key does on the node row at index `at` (undefined: nothing, the key is left to the browser). */
export function treeKeyAction (rows: readonly TreeRow[], indexOf: ReadonlyMap<string, number>, at: number, key: string): TreeKeyAction | undefined {
  const current = rows[at]
  if (current?.kind !== 'node') return undefined
  const move = (to: number | undefined): TreeKeyAction | undefined => to === undefined ? undefined : { kind: 'move', to }
  switch (key) {
    case 'ArrowDown': return move(step(rows, at, 1))
    case 'ArrowUp': return move(step(rows, at, -1))
    case 'Home': return move(step(rows, -1, 1))
    case 'End': return move(step(rows, rows.length, -1))
    case 'ArrowRight':
      if (current.canOpen && !current.open) return { kind: 'toggle', id: current.id }
      // Open: to its first child, when the children are read and there are some.
      return current.open && rows[at + 1]?.kind === 'node' ? move(nodeAt(rows, at + 1)) : undefined
    case 'ArrowLeft':
      if (current.open) return { kind: 'toggle', id: current.id }
      return move(current.parent === undefined ? undefined : indexOf.get(current.parent))
    case 'Enter':
    case ' ':
      return { kind: 'choose', row: current }
    default:
      return undefined
  }
}
