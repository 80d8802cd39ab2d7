// Loaded with --import into every test process (plugin.mjs): registers the TypeScript hooks.
import { register } from 'node:module'
register('./ts-hooks.mjs', import.meta.url)
