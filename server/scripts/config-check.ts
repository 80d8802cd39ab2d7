import { resolve } from 'node:path'
import { loadConfig } from '../src/config/load.ts'
import { defaultConfigDir } from '../src/plugins/app/config-store.ts'

// npm run config:check [dir]: the validation the service runs on every reload, from the command line (exit 1 on any error).
const dir = resolve(process.argv[2] ?? process.env.CONFIG_DIR ?? defaultConfigDir)
const result = await loadConfig(dir)
if (result.ok) {
  console.log(`${dir}: config valid, version ${result.config.version}`)
} else {
  for (const error of result.errors) console.error(`${error.file}#${error.pointer}: ${error.message}`)
  console.error(`${dir}: ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}; the service keeps serving its last good config until they are fixed`)
  process.exitCode = 1
}
