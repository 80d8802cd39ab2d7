import t from 'tap'
import { deepStrictEqual } from 'node:assert/strict'
import fc from 'fast-check'
import { createProjector, ProjectionError } from '../../../server/src/proxy/json-cutter.ts'
import { selectFields, type FieldSelection } from '../../../server/shared/field-selection.ts'

// The streaming cut against JSON.parse: any document, written any valid way and cut at any byte boundaries, comes out as
// JSON.parse of the whole text with the same selection applied (selectFields, the game API's own cut).

type Json = null | boolean | number | bigint | string | Json[] | { [key: string]: Json }

// Member names the targets also use, so cuts hit: ASCII, accents, CJK, a surrogate pair, quotes, backslashes, a NUL, '*'.
const NAMES = ['a', 'b', 'data', 'rows', 'UserId', 'Stake', 'é', '名前', '😀x', 'a"b', 'a\\b', '*', '\u0000', 'x y', '\u2028']
// __proto__ is left out: JSON.parse makes it an own member where the reference's object literal would set a prototype.
const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 5 }) }).filter((n) => n !== '__proto__')
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 6 }), fc.constantFrom('', '"', '\\', '\\"', '{"a":[1,', '\ud83d', '\ude00x', '😀'))
const leaf: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }),
  // Written as its digits: a number beyond double precision.
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
  text
)
const { json } = fc.letrec<{ json: Json, list: Json[], object: { [key: string]: Json } }>((tie) => ({
  json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('list'), tie('object')),
  list: fc.array(tie('json'), { maxLength: 6 }),
  object: fc.dictionary(name, tie('json'), { maxKeys: 6, noNullPrototype: true })
}))

/** How a document is written: spaces after punctuation, line breaks with indents, and which characters are \u-escaped. */
interface Style { space: string, indent: string, escapeEvery: number, shortEscapes: boolean }
const style: fc.Arbitrary<Style> = fc.record({
  space: fc.constantFrom('', ' ', '\t'),
  indent: fc.constantFrom('', '  ', '\r\n'),
  escapeEvery: fc.constantFrom(0, 0, 1, 3),
  shortEscapes: fc.boolean()
})

const SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '/': '\\/' }
const unicodeEscape = (ch: string) => [...Array(ch.length).keys()].map((i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')

/** A string literal: what JSON requires escaped is escaped; with escapeEvery, every n-th code point too (a pair as its two halves). */
function writeString (value: string, s: Style): string {
  let out = '"'
  let n = 0
  // for…of walks code points; a lone surrogate comes alone and must be escaped (raw, it is not UTF-8).
  for (const ch of value) {
    const code = ch.codePointAt(0) as number
    const lone = ch.length === 1 && code >= 0xd800 && code <= 0xdfff
    const escape = lone || code < 0x20 || ch === '"' || ch === '\\' || (s.escapeEvery > 0 && n % s.escapeEvery === 0)
    out += !escape ? ch : s.shortEscapes && SHORT[ch] ? SHORT[ch] : unicodeEscape(ch)
    n++
  }
  return `${out}"`
}

function write (value: Json, s: Style, depth = 0): string {
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'string') return writeString(value, s)
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const inner = s.indent === '' ? '' : `\n${s.indent.repeat(depth + 1)}`
  const close = s.indent === '' ? '' : `\n${s.indent.repeat(depth)}`
  const parts = Array.isArray(value)
    ? value.map((v) => write(v, s, depth + 1))
    : Object.entries(value).map(([k, v]) => `${writeString(k, s)}${s.space}:${s.space}${write(v, s, depth + 1)}`)
  const [open, end] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  return parts.length === 0 ? `${open}${s.space}${end}` : `${open}${inner}${parts.join(`,${s.space}${inner}`)}${close}${end}`
}

/** Targets on distinct paths (the projection merges a path's fields into one target), named from the same names as the documents. */
const targets: fc.Arbitrary<FieldSelection[]> = fc.uniqueArray(
  fc.record({ path: fc.array(fc.oneof(fc.constantFrom(...NAMES), fc.constant('*')), { maxLength: 3 }), keep: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 5 }) }),
  { maxLength: 4, selector: (target) => JSON.stringify(target.path) }
).map((list) => list.map(({ path, keep }) => ({ path, keep: new Set(keep) })))

/** Byte offsets to cut at (any of them may fall inside a multi-byte character, an escape or a literal). */
const cuts = fc.array(fc.nat(), { maxLength: 12 })

/** The text pushed through a fresh cut in the chunks the offsets make; the cut's output joined, after end(). */
function cutInChunks (bytes: Buffer, selection: readonly FieldSelection[], offsets: readonly number[], oneByte = false): Buffer {
  const at = oneByte ? [...bytes.keys()] : [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b)
  const projector = createProjector(selection)
  const out: Buffer[] = []
  let from = 0
  for (const to of [...at, bytes.length]) { out.push(projector.push(bytes.subarray(from, to))); from = to }
  projector.end()
  return Buffer.concat(out)
}

const sameAsParse = (value: Json, s: Style, selection: FieldSelection[], offsets: number[], oneByte = false) => {
  const source = write(value, s)
  const cut = cutInChunks(Buffer.from(source, 'utf8'), selection, offsets, oneByte)
  deepStrictEqual(JSON.parse(cut.toString('utf8')), selectFields(JSON.parse(source), selection))
}

t.test('random documents, written any valid way and cut anywhere, come out as JSON.parse with the same selection', async (t) => {
  t.doesNotThrow(() => fc.assert(fc.property(json, style, targets, cuts, (value, s, selection, offsets) => sameAsParse(value, s, selection, offsets)), { numRuns: 600 }))
})

t.test('one byte at a time, the smallest chunks', async (t) => {
  t.doesNotThrow(() => fc.assert(fc.property(json, style, targets, (value, s, selection) => sameAsParse(value, s, selection, [], true)), { numRuns: 100 }))
})

t.test('big answers: thousands of rows cut on their path', async (t) => {
  const row = fc.dictionary(name, leaf, { maxKeys: 8, noNullPrototype: true })
  const answer = fc.record({ success: fc.boolean(), data: fc.record({ rows: fc.array(row, { minLength: 500, maxLength: 3000 }), totals: row }) })
  const selection = [{ path: ['data', 'rows', '*'], keep: new Set(['UserId', 'Stake', 'é', 'a"b']) }, { path: ['data', 'totals'], keep: new Set(['Stake', '😀x']) }]
  t.doesNotThrow(() => fc.assert(fc.property(answer, style, cuts, (value, s, offsets) => sameAsParse(value, s, selection, offsets)), { numRuns: 12 }))
})

t.test('an object or array answer cut short is refused, never relayed as if whole', async (t) => {
  const container = json.filter((v) => typeof v === 'object' && v !== null)
  t.doesNotThrow(() => fc.assert(fc.property(container, style, targets, cuts, fc.nat(), (value, s, selection, offsets, end) => {
    const bytes = Buffer.from(write(value, s), 'utf8')
    // The last byte is the closing bracket: every shorter prefix lacks it.
    const short = bytes.subarray(0, end % bytes.length)
    let refused = false
    try { cutInChunks(short, selection, offsets) } catch (error) { refused = error instanceof ProjectionError }
    if (!refused) throw new Error(`accepted a cut-short answer: ${short.toString('utf8')}`)
  }), { numRuns: 300 }))
})

/** Whether every object the targets select holds only the members they keep. */
function onlyKept (value: unknown, selection: readonly FieldSelection[]): boolean {
  const at = (node: unknown, path: readonly string[], keep: ReadonlySet<string>): boolean => {
    if (node === null || typeof node !== 'object') return true
    if (path.length === 0) return Array.isArray(node) || Object.keys(node).every((name) => keep.has(name))
    const [step, ...rest] = path as [string, ...string[]]
    if (step === '*') return !Array.isArray(node) || node.every((element) => at(element, rest, keep))
    return Array.isArray(node) || !Object.hasOwn(node, step) || at((node as Record<string, unknown>)[step], rest, keep)
  }
  return selection.every(({ path, keep }) => at(value, path, keep))
}

t.test('a damaged answer (a byte added or removed anywhere) is refused, or what comes out holds only kept members', async (t) => {
  const damage = fc.record({ at: fc.nat(), byte: fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', 'x', '1', ' '), remove: fc.boolean() })
  t.doesNotThrow(() => fc.assert(fc.property(json, style, targets, cuts, damage, (value, s, selection, offsets, { at, byte, remove }) => {
    const text = write(value, s)
    const i = at % (text.length + 1)
    const damaged = Buffer.from(remove ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + byte + text.slice(i), 'utf8')
    let out: unknown
    try { out = JSON.parse(cutInChunks(damaged, selection, offsets).toString('utf8')) } catch { return }
    if (!onlyKept(out, selection)) throw new Error(`a member the targets do not keep came out of ${damaged.toString('utf8')}`)
  }), { numRuns: 1000 }))
})
