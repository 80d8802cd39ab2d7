// The generated config schemas as the editor reads them: each its own chunk of the build, fetched only when a file of its kind is
// open (the page schema alone is a third of a megabyte), never part of the bundle every page loads.
import type { ConfigSchemaName } from '../lib/configFileModel.ts'

const loaders: Record<ConfigSchemaName, () => Promise<{ default: unknown }>> = {
  menu: () => import('../../../../schemas/menu.schema.json'),
  api: () => import('../../../../schemas/api.schema.json'),
  page: () => import('../../../../schemas/page.schema.json'),
  columns: () => import('../../../../schemas/columns.schema.json'),
  fragment: () => import('../../../../schemas/fragment.schema.json'),
  i18n: () => import('../../../../schemas/i18n.schema.json')
}

/** The JSON Schema document a kind of config file is written against. */
export async function loadConfigSchema (name: ConfigSchemaName): Promise<object> {
  return (await loaders[name]()).default as object
}
