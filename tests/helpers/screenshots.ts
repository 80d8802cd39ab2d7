// Compares a fresh screenshot with the committed one (tests/e2e/screenshots/) by pixel diff, or records it with UPDATE_SCREENSHOTS=1.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

/** The committed pictures. */
export const committedDir = fileURLToPath(new URL('../e2e/screenshots/', import.meta.url))
/** Where a failed comparison leaves the fresh picture and the diff (changed pixels in red) to look at. */
export const diffDir = join(tmpdir(), 'screenshot-diffs')
/** Whether this run records the pictures instead of comparing them. */
export const recording = process.env.UPDATE_SCREENSHOTS === '1'
// A pixel differs when its colour moves more than this (pixelmatch's YIQ distance, 0 to 1): anti-aliasing noise stays under it.
const PIXEL_THRESHOLD = 0.1
/** The share of a picture's pixels that may differ before the look counts as changed: a caret blink, never a moved control. */
export const MAX_CHANGED = 0.001

export interface Comparison { name: string, ok: boolean, message: string }

/** Compares (or records) one picture: the PNG bytes a browser took, under its file name (in dir, the committed pictures unless told). */
export function compareScreenshot (name: string, fresh: Buffer, { dir = committedDir, record = recording, diffs = diffDir } = {}): Comparison {
  const committed = join(dir, name)
  if (record) {
    mkdirSync(dir, { recursive: true })
    writeFileSync(committed, fresh)
    return { name, ok: true, message: `${name} recorded` }
  }
  const keep = (suffix: string, bytes: Buffer) => {
    mkdirSync(diffs, { recursive: true })
    const path = join(diffs, name.replace(/\.png$/, `.${suffix}.png`))
    writeFileSync(path, bytes)
    return path
  }
  if (!existsSync(committed)) return { name, ok: false, message: `${name}: no committed picture (record it with UPDATE_SCREENSHOTS=1); this run's is ${keep('actual', fresh)}` }
  const before = PNG.sync.read(readFileSync(committed))
  const after = PNG.sync.read(fresh)
  if (before.width !== after.width || before.height !== after.height) {
    return { name, ok: false, message: `${name}: ${before.width}×${before.height} px committed, ${after.width}×${after.height} px now; this run's is ${keep('actual', fresh)}` }
  }
  const diff = new PNG({ width: after.width, height: after.height })
  const changed = pixelmatch(before.data, after.data, diff.data, after.width, after.height, { threshold: PIXEL_THRESHOLD })
  const share = changed / (after.width * after.height)
  if (share <= MAX_CHANGED) return { name, ok: true, message: `${name}: ${changed} pixels differ (${(share * 100).toFixed(3)}%)` }
  keep('actual', fresh)
  return { name, ok: false, message: `${name}: ${changed} pixels differ (${(share * 100).toFixed(2)}%, more than ${MAX_CHANGED * 100}%); diff in ${keep('diff', PNG.sync.write(diff))}` }
}
