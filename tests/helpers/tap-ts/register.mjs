// Loaded with --import into every test process (plugin.cjs): registers the TypeScript hooks.
import { register } from 'node:module'

// tap also loads @tapjs/processinfo into every test process, whose hooks read and measure each loaded module for coverage
// (about 0.4 CPU-seconds a process). Coverage is off (.taprc): excluding every file skips that work. Set before the first
// register(), which starts the hooks thread with this environment; tap's runner overwrites its own setting of it (test-env).
process.env._TAPJS_PROCESSINFO_EXCLUDE_ = '/./'
register('./ts-hooks.mjs', import.meta.url)
