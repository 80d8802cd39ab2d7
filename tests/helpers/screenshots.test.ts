import t from 'tap'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { compareScreenshot, MAX_CHANGED } from './screenshots.ts'

/** A 100×100 white picture with n pixels (from the top left, row by row) painted black. */
function picture (n: number, size = 100): Buffer {
  const png = new PNG({ width: size, height: size })
  png.data.fill(255)
  for (let i = 0; i < n; i++) png.data.fill(0, i * 4, i * 4 + 3)
  return PNG.sync.write(png)
}

t.test('a picture is compared with the committed one by pixel diff, with a small tolerance', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'shots-'))
  const diffs = mkdtempSync(join(tmpdir(), 'diffs-'))
  const options = { dir, diffs, record: false }
  t.match(compareScreenshot('a.png', picture(0), options), { ok: false, message: /no committed picture/ }, 'nothing committed: a failure that says how to record')
  t.ok(compareScreenshot('a.png', picture(0), { ...options, record: true }).ok, 'recorded')
  t.ok(existsSync(join(dir, 'a.png')), 'into the committed pictures')
  t.ok(compareScreenshot('a.png', picture(0), options).ok, 'the same picture passes')
  t.ok(compareScreenshot('a.png', picture(Math.floor(10_000 * MAX_CHANGED)), options).ok, `${MAX_CHANGED * 100}% of the pixels changed: within the tolerance`)
  const moved = compareScreenshot('a.png', picture(50), options)
  t.notOk(moved.ok, `50 pixels changed: the look changed (${moved.message})`)
  t.ok(existsSync(join(diffs, 'a.diff.png')) && existsSync(join(diffs, 'a.actual.png')), 'the diff and the fresh picture are kept to look at')
  t.equal(PNG.sync.read(readFileSync(join(diffs, 'a.diff.png'))).width, 100)
  writeFileSync(join(dir, 'b.png'), picture(0, 50))
  t.match(compareScreenshot('b.png', picture(0), options), { ok: false, message: /50×50 px committed, 100×100 px now/ }, 'a new size fails and says so')
})
