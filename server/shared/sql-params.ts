// A statement's parameters numbered as they are added, for statements assembled from parts (each part adds its own).

/** add(value, type) answers the placeholder `$n::type` of the value it keeps in values. */
export function sqlParams (): { values: unknown[], add: (value: unknown, type: string) => string } {
  const values: unknown[] = []
  return { values, add: (value, type) => { values.push(value); return `$${values.length}::${type}` } }
}
