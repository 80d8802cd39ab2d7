// The game API as a process of its own, as it is deployed (beside the service, not in it), on BENCH_GAME_DATABASE_URL's schema BENCH_GAME_SCHEMA.
import { openDb } from '../../../server/shared/db.ts'
import { buildGameApi } from '../../../server/game-api/app.ts'

const db = await openDb({ url: process.env.BENCH_GAME_DATABASE_URL, schema: process.env.BENCH_GAME_SCHEMA })
const app = await buildGameApi({ db })
app.addHook('onClose', () => db.close())
console.log(`game API listening on ${await app.listen({ port: 0, host: '127.0.0.1' })}`)
process.once('SIGTERM', () => { app.close().then(() => process.exit(0), () => process.exit(1)) })
