import { createProjector } from '../server/src/proxy/projection.ts'
const ROWS = 100_000
const rows = Array.from({ length: ROWS }, (_, i) => ({ UserId: `u${i}`, UserName: `user ${i}`, Role: i % 5 === 0 ? 'AG' : 'MEM', Tickets: i % 17, Bets: i % 31, Stake: i * 1.25, Commission: i * 0.05, Strike: i % 7, Net: i * 1.2, Intake: i * 0.3, IntakeStrike: i % 3, IntakeNet: i * 0.29, MyIntake: 0, MyIntakeStrike: 0, MyOut: i * 0.1, MyOutStrike: 0, MyCommission: i * 0.01 }))
const body = Buffer.from(JSON.stringify({ success: true, data: { rows, totals: {}, count: ROWS } }))
const keep = new Set(['UserId', 'UserName', 'Role', 'Tickets', 'Bets', 'Stake', 'Commission', 'Strike', 'Net', 'MyOut', 'MyOutStrike', 'MyCommission'])
const chunk = 64 * 1024
for (let r = 0; r < 8; r++) {
  const s = performance.now()
  const p = createProjector([{ path: ['data', 'rows', '*'], keep }, { path: ['data', 'totals'], keep }])
  let out = 0
  for (let i = 0; i < body.length; i += chunk) out += p.push(body.subarray(i, i + chunk)).length
  p.end()
  const ms = performance.now() - s
  console.log(`${(body.length/1e6).toFixed(1)} MB -> ${(out/1e6).toFixed(1)} MB in ${ms.toFixed(1)} ms = ${(body.length/1e6/(ms/1000)).toFixed(0)} MB/s`)
}
