import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

// The client builds into dist/client, which the service serves; dev mode proxies /ui and /api to the service.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: { outDir: fileURLToPath(new URL('../dist/client', import.meta.url)), emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/ui': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000' } }
})
