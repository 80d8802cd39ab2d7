// Which generated JSON Schema a config file is written against, by its path in the config directory: one table for the
// loader (its "$schema" check) and the console's editor (what it checks a file against while it is typed).

/** The generated schemas (schemas/<name>.schema.json) that config files name in "$schema". */
export type ConfigSchemaName = 'menu' | 'api' | 'page' | 'columns' | 'fragment' | 'i18n'

const byPath: ReadonlyArray<readonly [RegExp, ConfigSchemaName]> = [
  [/^menu\.json$/, 'menu'], [/^api\.json$/, 'api'], [/^pages\//, 'page'], [/^columns\//, 'columns'], [/^fragments\//, 'fragment'], [/^i18n\//, 'i18n']
]

/** The schema of the config file at this path (pages/report-full.json → page); undefined for a path no schema covers. */
export function configSchemaNameOf (path: string): ConfigSchemaName | undefined {
  return byPath.find(([pattern]) => pattern.test(path))?.[1]
}
