// Loaded with --import into every test process (plugin.cjs): registers the TypeScript hooks.
import { register } from 'node:module'
import { isBundle } from './bundle-paths.mjs'

// tap also loads @tapjs/processinfo into every test process, whose hooks read and measure each loaded module for coverage
// (about 0.4 CPU-seconds a process). Coverage is off (.taprc): excluding every file skips that work. Set before the first
// register(), which starts the hooks thread with this environment; tap's runner overwrites its own setting of it (test-env).
process.env._TAPJS_PROCESSINFO_EXCLUDE_ = '/./'
// A test file tests/run-all.sh bundled ahead (bundle.mjs) holds our code as JavaScript: it loads without the hooks, whose
// thread every module would otherwise cross (about 1.4 CPU-seconds a process).
if (!isBundle(process.argv[1] ?? '')) register('./ts-hooks.mjs', import.meta.url)
