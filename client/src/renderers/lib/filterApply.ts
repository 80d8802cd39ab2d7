// What a filters widget's Apply leaves in the page's filters: its own fields' values replaced, every other widget's kept.

/**
 * The page's filters after a filters widget applies: the widget's own fields take its values (a field it leaves empty is cleared),
 * values set by others (another filters widget, a row's Choose, a form's answer) stay. Two filter forms on one page (Out Setting 3's
 * outset and its distributor statement) no longer clear each other.
 */
export function withOwnFilters (prev: Readonly<Record<string, unknown>>, own: readonly string[], values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...prev }
  for (const name of own) delete next[name]
  return { ...next, ...values }
}
