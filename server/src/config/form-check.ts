import type { FieldCondition } from '../../../schemas/field-condition.ts'
import type { PageConfig } from '../../../schemas/page.ts'
import type { FormField, FormLayoutNode, ItemField } from '../../../schemas/widgets.ts'
import { conditionFields } from '../../../schemas/domain/field-conditions.ts'

// Cross-checks of forms that a schema cannot say: conditions and layouts name fields of their own form, data-driven
// options and bounds sit on fields that can use them, route parameters name a :Name segment of the page's path, a
// repeating group has its item's fields (and only a repeat has them), and filters hold no repeating group.

interface ConfigError { file: string, pointer: string, message: string }
interface FoundForm { pointer: string, fields: FormField[], load?: unknown, layout?: FormLayoutNode[] }
interface FoundFilters { pointer: string, fields: FormField[] }
const REPEAT_PROPS = ['fields', 'itemKey', 'minItems', 'maxItems'] as const

const CHOICES = new Set(['select', 'multiselect', 'checkboxes'])
const NUMBERS = new Set(['number', 'share', 'commission', 'tax'])
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Every form of a page at any depth (widgets, tabs, gates, dialog forms of row and page actions), and every route parameter source. */
function walk (node: unknown, pointer: string, forms: FoundForm[], routeNames: Array<{ pointer: string, name: string }>, filters: FoundFilters[] = []) {
  if (Array.isArray(node)) { node.forEach((child, i) => walk(child, `${pointer}/${i}`, forms, routeNames, filters)); return }
  if (!isObject(node)) return
  if (Array.isArray(node.fields) && isObject(node.submit)) forms.push({ pointer, fields: node.fields as FormField[], load: node.load, layout: node.layout as FormLayoutNode[] | undefined })
  if (Array.isArray(node.fields) && node.type === 'filters') filters.push({ pointer, fields: node.fields as FormField[] })
  if (node.from === 'route' && typeof node.name === 'string') routeNames.push({ pointer: `${pointer}/name`, name: node.name })
  for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, forms, routeNames, filters)
}

/** Options and bounds of one field (a form's, or a repeating group item's) sit where they can be used. */
function checkValueProps (file: string, at: string, field: FormField | ItemField, form: FoundForm, errors: ConfigError[]) {
  if (field.optionsFrom && !CHOICES.has(field.kind)) errors.push({ file, pointer: `${at}/optionsFrom`, message: `options come only to select, multiselect and checkboxes fields: make "${field.name}" one of them or remove "optionsFrom"` })
  for (const bound of ['min', 'max'] as const) {
    const value = field[bound]
    if (value === undefined) continue
    if (!NUMBERS.has(field.kind)) errors.push({ file, pointer: `${at}/${bound}`, message: `"${bound}" bounds only number, share, commission and tax fields: remove it from "${field.name}"` })
    else if (typeof value === 'object' && form.load === undefined) errors.push({ file, pointer: `${at}/${bound}`, message: `"${bound}" reads the loaded record, but the form has no "load": add one or give a number` })
  }
}

/** A repeating group has its item's fields, each name once, and a count range that can be met; other fields have none of its parts. */
function checkRepeat (file: string, at: string, field: FormField, form: FoundForm, errors: ConfigError[]) {
  if (field.kind !== 'repeat') {
    for (const prop of REPEAT_PROPS) if (field[prop] !== undefined) errors.push({ file, pointer: `${at}/${prop}`, message: `"${prop}" belongs to a repeating group: make "${field.name}" kind "repeat" or remove "${prop}"` })
    return
  }
  if (field.fields === undefined) { errors.push({ file, pointer: at, message: `the repeating group "${field.name}" has no "fields": list the fields of one item` }); return }
  if (field.minItems !== undefined && field.maxItems !== undefined && field.minItems > field.maxItems) errors.push({ file, pointer: `${at}/minItems`, message: `"minItems" (${field.minItems}) is above "maxItems" (${field.maxItems}): no count of items can meet both` })
  const seen = new Set<string>()
  field.fields.forEach((item, i) => {
    if (seen.has(item.name)) errors.push({ file, pointer: `${at}/fields/${i}/name`, message: `"${item.name}" is an item field twice: give each field of an item its own name` })
    seen.add(item.name)
    checkValueProps(file, `${at}/fields/${i}`, item, form, errors)
  })
}

function checkForm (file: string, form: FoundForm, errors: ConfigError[]) {
  const names = new Set(form.fields.map((f) => f.name))
  const known = `one of ${[...names].join(', ')}`
  form.fields.forEach((field, i) => {
    const at = `${form.pointer}/fields/${i}`
    for (const which of ['visibleWhen', 'requiredWhen'] as const) {
      const condition = field[which] as FieldCondition | undefined
      for (const name of conditionFields(condition)) {
        if (!names.has(name)) errors.push({ file, pointer: `${at}/${which}`, message: `the condition reads "${name}", which is not a field of this form: use ${known}` })
        if (name === field.name) errors.push({ file, pointer: `${at}/${which}`, message: `a field's condition cannot read the field itself ("${name}"): name another field` })
      }
    }
    if (field.unit !== undefined && !NUMBERS.has(field.kind)) errors.push({ file, pointer: `${at}/unit`, message: `"unit" scales only number, share, commission and tax fields: remove it from "${field.name}"` })
    checkValueProps(file, at, field, form, errors)
    checkRepeat(file, at, field, form, errors)
  })
  const placed = new Map<string, string>()
  const visit = (nodes: readonly FormLayoutNode[], at: string) => nodes.forEach((node, n) => {
    const here = `${at}/${n}`
    if (node.kind === 'tabs') { node.tabs.forEach((tab, i) => visit(tab.children, `${here}/tabs/${i}/children`)); return }
    node.fields?.forEach((name, f) => {
      const pointer = `${here}/fields/${f}`
      if (!names.has(name)) errors.push({ file, pointer, message: `the layout places "${name}", which is not a field of this form: use ${known}` })
      else if (placed.has(name)) errors.push({ file, pointer, message: `"${name}" is placed twice (also at ${placed.get(name) ?? ''}): place each field once` })
      else placed.set(name, pointer)
    })
    visit(node.children ?? [], `${here}/children`)
  })
  visit(form.layout ?? [], `${form.pointer}/layout`)
}

/** The form and route errors of one page template. */
export function checkPageForms (file: string, page: PageConfig, errors: ConfigError[]) {
  const forms: FoundForm[] = []
  const routeNames: Array<{ pointer: string, name: string }> = []
  const filters: FoundFilters[] = []
  walk(page.widgets, '/widgets', forms, routeNames, filters)
  walk(page.actions ?? [], '/actions', forms, routeNames)
  for (const form of forms) checkForm(file, form, errors)
  // Filters send plain values in a query: a repeating group cannot travel there.
  for (const { pointer, fields } of filters) {
    fields.forEach((f, i) => { if (f.kind === 'repeat') errors.push({ file, pointer: `${pointer}/fields/${i}/kind`, message: `filters cannot hold a repeating group ("${f.name}"): put it in a form` }) })
  }
  const params = new Set(page.path.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1)))
  for (const { pointer, name } of routeNames) {
    if (!params.has(name)) errors.push({ file, pointer, message: `the path "${page.path}" has no ":${name}" segment: add it to the path (e.g. ${page.path}/:${name}) or read the value from elsewhere` })
  }
}
