import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import { mantineTheme } from './build/mantineTheme.ts'

// One id per build: compiled into the client and written to /version.json, which running clients poll for a newer build.
const appVersion = `${new Date().toISOString()}-${randomBytes(4).toString('hex')}`

/** Emits version.json beside index.html. */
function versionFile (): Plugin {
  return {
    name: 'version-file',
    generateBundle () {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version: appVersion }) })
    }
  }
}

// The client builds into dist/client, which the service serves; dev mode proxies /ui, /api and /brands to the service.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), versionFile(), mantineTheme()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  // The manifest lets tests/bench/login-bundle.bench.ts follow what /login loads.
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        // The renderer harness (widgets drawn from descriptors alone) is built only for the browser tests and benchmarks
        // of tests/e2e/renderers and tests/bench (RENDERER_HARNESS=1), never into the product's dist/client.
        ...(process.env.RENDERER_HARNESS === '1' ? { 'renderer-harness': fileURLToPath(new URL('./renderer-harness.html', import.meta.url)) } : {})
      }
    }
  },
  server: { proxy: { '/ui': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000', '/brands': 'http://127.0.0.1:3000' } }
})
