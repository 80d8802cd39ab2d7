import t from 'tap'
import { drawById, existingDraw } from '../../../../server/game-api/draws/store/draw-by-id.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// The one lookup of a draw by id: found whole, of the game asked or not at all, locked in a transaction, and a 404 naming the id.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const { rows } = await h.db.query<{ draw_id: number, game: string }>('SELECT DISTINCT ON (game) draw_id, game FROM draws ORDER BY game, draw_id')
  const fourD = Number(rows.find((r) => r.game === '4D')?.draw_id)
  const toto = Number(rows.find((r) => r.game === 'TOTO')?.draw_id)

  t.test('the whole row, with or without the game', async (t) => {
    t.match(await drawById(h.db, fourD), { draw_id: fourD, game: '4D', series: String, close_at: Date, is_finalised: Boolean })
    t.match(await drawById(h.db, toto, { game: 'TOTO' }), { draw_id: toto, game: 'TOTO' })
  })

  t.test('a draw of the other game, or none, is not found', async (t) => {
    t.equal(await drawById(h.db, toto, { game: '4D' }), undefined)
    t.equal(await drawById(h.db, 2147483647), undefined)
    await t.rejects(existingDraw(h.db, toto, { game: '4D' }), { code: 'GA_DRAW_NOT_FOUND', statusCode: 404, message: new RegExp(`Draw ${toto} does not exist`) })
  })

  t.test('forUpdate locks the row until the transaction ends', async (t) => {
    const locked = await h.db.transaction(async (tx) => {
      const draw = await existingDraw(tx, fourD, { game: '4D', forUpdate: true })
      const { rows: [lock] } = await tx.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'transactionid' AND pid = pg_backend_pid()")
      return { draw, taken: Number(lock?.n) }
    })
    t.equal(Number(locked.draw.draw_id), fourD)
    t.ok(locked.taken >= 1, 'a row lock takes the transaction id')
  })
})
