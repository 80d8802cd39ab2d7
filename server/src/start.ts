import closeWithGrace from 'close-with-grace'
import { loadSettings } from '../shared/env.ts'
import { buildService } from './app.ts'

/** Starts the config/menu service on PORT, talking to GAME_API_URL (or the local reference game API). */
export async function startService (settings = loadSettings(), gameApiUrl = settings.GAME_API_URL ?? `http://127.0.0.1:${settings.GAME_API_PORT}`, prettyLogs = false) {
  const app = await buildService({ settings, gameApiUrl, prettyLogs })
  const address = await app.listen({ port: settings.PORT, host: settings.HOST })
  return { app, address }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { app, address } = await startService()
  console.log(`service listening on ${address}`)
  // An uncaught error closes the server too, but never silently.
  closeWithGrace(async ({ err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error')
    await app.close()
  })
}
