import t from 'tap'
import { drawErrors } from '../../../server/game-api/draws/errors.ts'

// Draw Setting's refusals name the page and its actions in the user's words, never a route (GET result/r5, PUT draw, POST draw/result).
const route = /\b(GET|POST|PUT|DELETE)\b|\b[a-z]+\/[A-Za-z0-9]|binBurstImport|generateBurstImportPayOut|insertProcess/

t.test('a refusal met on Draw Setting names no route', async (t) => {
  const refusals = {
    GA_DRAW_PAST_CLOSE: drawErrors.drawPastClose(7, '01/15/2030 18:15'),
    GA_DRAW_BUSY: drawErrors.drawBusy(7),
    GA_NO_RESULT: drawErrors.noResult(7),
    GA_WEEK_JOB_NOT_FOUND: drawErrors.weekJobNotFound(7),
    GA_BURST_IMPORT_NOT_FOUND: drawErrors.importNotFound(7),
    GA_BURST_IMPORT_NOT_PREVIEWED: drawErrors.importNotPreviewed(7),
    GA_BURST_IMPORT_NOT_APPLIED: drawErrors.importNotApplied(7),
    GA_DRAW_NOT_FINALISED_YET: drawErrors.notFinalised(7)
  }
  for (const [code, error] of Object.entries(refusals)) {
    t.equal(error.code, code)
    t.notMatch(error.message, route, `${code}: ${error.message}`)
    t.match(error.message, /Draw Setting/, `${code} names the page to go to`)
  }
  t.equal(drawErrors.drawBusy(7).message, 'Draw 7 is being finalised; wait until its finalise job in Draw Setting ends.')
})
