import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { Value } from 'typebox/value'
import { Profile } from '../../schemas/game-api.ts'
import { generateSchemaFiles, generatedDir } from '../../schemas/json-schema.ts'
import { NUMERIC_PROFILE_FIELDS } from '../../schemas/rule.ts'
import { readConfigDir } from '../../server/src/config/load.ts'

const menusDir = fileURLToPath(new URL('../../menus', import.meta.url))

t.test('the generated *.schema.json files match the TypeBox source (run npm run schemas:build after editing schemas/)', async (t) => {
  const files = await generateSchemaFiles()
  for (const name of ['columns.schema.json', 'i18n.schema.json', 'menu.schema.json', 'page.schema.json', 'rule.schema.json']) t.ok(files.has(name), `${name} is generated`)
  for (const [name, text] of files) {
    const path = join(generatedDir, name)
    t.ok(existsSync(path), `${name} exists`)
    if (existsSync(path)) t.equal(readFileSync(path, 'utf8'), text, `${name} is up to date`)
  }
})

t.test('every shipped config file names its generated schema, which accepts it', async (t) => {
  const { files } = await readConfigDir(menusDir)
  t.ok(files.size >= 70, `${files.size} config files`)
  for (const [file, text] of files) {
    const value = JSON.parse(text) as { $schema?: string }
    t.type(value.$schema, 'string', `${file} carries "$schema"`)
    const schemaPath = resolve(dirname(join(menusDir, file)), value.$schema ?? '')
    if (!existsSync(schemaPath)) { t.fail(`${file}: ${String(value.$schema)} does not exist`); continue }
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object
    const ref = String(value.$schema)
    if (!Value.Check(schema, value)) t.fail(`${file} does not validate against ${ref}: ${JSON.stringify([...Value.Errors(schema, value)].slice(0, 3))}`)
  }
})

t.test('the generated menu schema follows its $refs: a bad nested rule is refused', async (t) => {
  const schema = JSON.parse(readFileSync(join(generatedDir, 'menu.schema.json'), 'utf8')) as object
  const menu = JSON.parse(readFileSync(join(menusDir, 'menu.json'), 'utf8')) as { groups: Array<{ rule?: unknown }> }
  t.ok(Value.Check(schema, menu))
  const group = menu.groups[2]
  if (group) group.rule = { any: [{ not: { flag: 'EnableEverything' } }] }
  t.notOk(Value.Check(schema, menu))
})

t.test('rules name exactly the numeric fields of Profile', async (t) => {
  const numeric = Object.entries(Profile.properties).filter(([, schema]) => (schema as { type?: string }).type === 'number').map(([name]) => name)
  t.same([...NUMERIC_PROFILE_FIELDS].sort(), numeric.sort())
})
