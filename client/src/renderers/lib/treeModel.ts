// The tree widget's pure parts: a node's id, label and opener, the binding of its children, and the filters choosing it sets.
import type { DataBinding, TreeWidget } from '../../../../schemas/widgets.ts'
import type { Row } from './tableModel.ts'

/** A node's id: its idField as text. */
export function nodeId (widget: TreeWidget, node: Row): string {
  return String(node[widget.idField] ?? '')
}

/** The text of a node: its label field, and the detail field in brackets when there is one. */
export function nodeLabel (widget: TreeWidget, node: Row): string {
  const label = String(node[widget.labelField] ?? '')
  const detail = widget.detailField === undefined ? undefined : node[widget.detailField]
  return detail === undefined || detail === null || detail === '' || detail === label ? label : `${label} (${String(detail)})`
}

/** Whether a node may open: always without an openableField, else when it is true or a number above 0. */
export function openable (widget: TreeWidget, node: Row): boolean {
  if (widget.openableField === undefined) return true
  const v = node[widget.openableField]
  return v === true || (typeof v === 'number' && v > 0) || (typeof v === 'string' && Number(v) > 0)
}

/** The binding that reads a node's children: the children binding with the node's id as nodeParam. */
export function childBinding (widget: TreeWidget, node: Row): DataBinding {
  return childBindingOf(widget, nodeId(widget, node))
}

/** The binding that reads the children of the node with this id. */
export function childBindingOf (widget: TreeWidget, id: string): DataBinding {
  const { nodeParam, ...binding } = widget.children
  return { ...binding, params: { ...binding.params, [nodeParam]: { from: 'const', value: id } } }
}

/** The page filter values choosing a node sets (filter name → the node's field). */
export function chosenValues (set: Readonly<Record<string, string>>, node: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(set)) out[name] = node[field]
  return out
}
