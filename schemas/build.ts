import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { generateSchemaFiles, generatedDir } from './json-schema.ts'

// npm run schemas:build: writes <name>.schema.json beside each config schema so operators' editors validate while typing.
const files = await generateSchemaFiles()
for (const [name, text] of files) {
  await writeFile(join(generatedDir, name), text)
  console.log(`wrote schemas/${name}`)
}
