// The ids of a form's controls and which part of a field draws its label: plain rules, so the form's pieces agree on them.

/** The id prefix of one form's controls (rjsf's idPrefix): its widget's id, so two forms on one page (Bet Upload's three) never share an id. */
export function formIdPrefix (widgetId: string): string {
  return `form-${widgetId}`
}

/** The id of the control for a field name or error key (<group>.<row>.<cell> for a line or repeat cell). */
export function controlId (prefix: string, key: string): string {
  return `${prefix}_${key}`
}

/** The field name or error key a control id stands for; undefined for the form's own root. */
export function keyOfControl (prefix: string, id: string | undefined): string | undefined {
  return id !== undefined && id.startsWith(`${prefix}_`) ? id.slice(prefix.length + 1) : undefined
}

/** Whether the field template draws the label: a checkbox's own widget prints it beside the box, so the template never adds a second. */
export function templateDrawsLabel (schemaType: unknown, displayLabel: boolean | undefined, label: string | undefined): boolean {
  return displayLabel === true && Boolean(label) && schemaType !== 'boolean'
}

/** The key naming a form among others on its page (Bet Upload's three): what its submit does; a read-only form has none. */
export function formNameKey (widget: { submit?: { labelKey: string } | undefined }): string | undefined {
  return widget.submit?.labelKey
}
