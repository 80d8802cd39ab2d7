// The game API as a process of its own for the kill test: its data in CHILD_DATA_DIR (PGlite) or CHILD_DATABASE_URL + CHILD_SCHEMA,
// its clock fixed at CHILD_NOW, the instant its store was seeded at (so the seeded draws are open), and job timings short enough that a restart resumes within a second.
import { openDb } from '../../../server/shared/db.ts'
import { buildGameApi } from '../../../server/game-api/app.ts'

const env = process.env
const db = await openDb({ url: env.CHILD_DATABASE_URL, schema: env.CHILD_SCHEMA, dataDir: env.CHILD_DATA_DIR })
if (!env.CHILD_NOW) throw new Error('CHILD_NOW is not set: the kill harness passes the instant its store was seeded at')
const now = new Date(env.CHILD_NOW)
const app = await buildGameApi({ db, now: () => new Date(now), jobs: { pollMs: 50, leaseMs: 1000, heartbeatMs: 250, retryMs: 100 } })
app.addHook('onClose', () => db.close())
const address = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(`game API listening on ${address}`)
process.once('SIGTERM', () => { app.close().then(() => process.exit(0), () => process.exit(1)) })
