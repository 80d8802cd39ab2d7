import { join } from 'node:path'
import closeWithGrace from 'close-with-grace'
import { loadSettings } from '../shared/env.ts'
import { openDb } from '../shared/db.ts'
import { buildGameApi } from './app.ts'
import { useDemoGateway } from './messaging/stand-ins/demo-gateway.ts'

/**
 * Starts the reference game API alone, on GAME_API_PORT, with its data under DATA_DIR/game-api (or GAME_API_DATABASE_URL). The local demo
 * (npm start) also mounts the stand-in SMS gateway and points SMS Gateway at it unless another gateway is set.
 */
export async function startGameApi (settings = loadSettings(), prettyLogs = false, { demo = false } = {}) {
  const db = await openDb({ url: settings.GAME_API_DATABASE_URL, dataDir: join(settings.DATA_DIR, 'game-api'), poolSize: settings.DATABASE_POOL_SIZE })
  const app = await buildGameApi({ db, logLevel: settings.LOG_LEVEL, prettyLogs, trustProxy: settings.GAME_API_TRUST_PROXY, demoSmsGateway: demo })
  app.addHook('onClose', () => db.close())
  const address = await app.listen({ port: settings.GAME_API_PORT, host: settings.HOST })
  if (demo && await useDemoGateway(db, address)) app.log.info('SMS Gateway points at the demo stand-in gateway: sent messages show in SMS View')
  return { app, address }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { app, address } = await startGameApi()
  console.log(`game API listening on ${address}`)
  // An uncaught error closes the server too, but never silently.
  closeWithGrace(async ({ err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error')
    await app.close()
  })
}
