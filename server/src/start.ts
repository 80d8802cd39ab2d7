import closeWithGrace from 'close-with-grace'
import { loadSettings } from '../shared/env.ts'
import { buildService } from './app.ts'

/** Starts the config/menu service on PORT, talking to GAME_API_URL (or the local reference game API). */
export async function startService (settings = loadSettings(), gameApiUrl = settings.GAME_API_URL ?? `http://127.0.0.1:${settings.GAME_API_PORT}`) {
  const app = await buildService({ settings, gameApiUrl })
  const address = await app.listen({ port: settings.PORT, host: settings.HOST })
  return { app, address }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { app, address } = await startService()
  console.log(`service listening on ${address}`)
  closeWithGrace(async () => { await app.close() })
}
