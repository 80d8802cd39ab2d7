// The streaming cut: a JSON answer pushed through chunk by chunk keeps only the members its targets name, never held whole.
import { Transform } from 'node:stream'
import type { FieldSelection } from '../../shared/field-selection.ts'

/** What find answers for a name with a byte outside ASCII: look it up by its string instead. */
const NOT_ASCII = Symbol('not ASCII')

/** Member names to values, found from their raw bytes without making a string (a byte trie over ASCII), or by their latin1 string. */
class Names<V> {
  private readonly next: Int32Array[] = [new Int32Array(128).fill(-1)]
  private readonly values: Array<V | undefined> = [undefined]
  readonly byString = new Map<string, V>()

  set (name: string, value: V) {
    this.byString.set(name, value)
    let at = 0
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i)
      if (c >= 128) return
      let n = (this.next[at] as Int32Array)[c] as number
      if (n === -1) { n = this.next.length; this.next.push(new Int32Array(128).fill(-1)); this.values.push(undefined); (this.next[at] as Int32Array)[c] = n }
      at = n
    }
    this.values[at] = value
  }

  find (bytes: Buffer, start: number, end: number): V | undefined | typeof NOT_ASCII {
    let at = 0
    for (let i = start; i < end; i++) {
      const c = bytes[i] as number
      if (c >= 128) return NOT_ASCII
      at = (this.next[at] as Int32Array)[c] as number
      if (at === -1) return undefined
    }
    return this.values[at]
  }
}

/** One step of the targets: members by name (objects), the '*' step (every element of an array), and the members kept here. */
interface PathNode { children: Names<PathNode>, elements: PathNode | undefined, keep: Names<true> | undefined }

// Member names are compared as the latin1 reading of their UTF-8 bytes: one string per byte sequence, without decoding.
const asBytes = (name: string) => Buffer.from(name, 'utf8').toString('latin1')

/** The targets as a tree of member names, built once per cut (a user's cut is reused while their rules hold). */
const trees = new WeakMap<readonly FieldSelection[], PathNode>()
function pathTree (targets: readonly FieldSelection[]): PathNode {
  const known = trees.get(targets)
  if (known) return known
  const node = (): PathNode => ({ children: new Names(), elements: undefined, keep: undefined })
  const root = node()
  for (const { path, keep } of targets) {
    let at = root
    for (const part of path) {
      // '*' steps into array elements only: an object's member that is named "*" is an ordinary member.
      if (part === '*') { at = at.elements ??= node(); continue }
      const name = asBytes(part)
      let next = at.children.byString.get(name)
      if (!next) { next = node(); at.children.set(name, next) }
      at = next
    }
    const names = new Names<true>()
    for (const field of keep) names.set(asBytes(field), true)
    at.keep = names
  }
  trees.set(targets, root)
  return root
}

interface Frame {
  object: boolean
  node: PathNode | undefined
  /** Set on an object whose members are cut. */
  keep: Names<true> | undefined
  /** Members written so far (a cut object writes its own commas). */
  written: number
  /** The path node of the current member's value (an object's), when a target goes on below it. */
  child: PathNode | undefined
}

const State = { Value: 0, AfterValue: 1, Key: 2, Colon: 3, String: 4, Literal: 5, End: 6 } as const
type State = (typeof State)[keyof typeof State]

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = Buffer.from(',')
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/** The error a cut throws on an answer that is not JSON: nothing after it is relayed. */
export class ProjectionError extends Error {}

/**
 * An incremental JSON cut: push chunks as they come, each returning what can be written so far; a member is held only
 * while its key is read, so memory stays one key long whatever the answer's size. Throws ProjectionError on text that
 * is not JSON. A class with the scan's state in fields and the byte loop in one method: the hot path reads locals only.
 */
class Projector {
  private readonly root: PathNode
  private readonly stack: Frame[] = []
  private state: State = State.Value
  private isKey = false
  private escape = false
  // Key capture (objects on a target's path): raw bytes of the key, quotes included; keyStart is -1 once it began in an earlier chunk.
  private capturing = false
  private keyParts: Buffer[] = []
  private keyStart = 0
  private keyEscaped = false
  // Where the comma before the current member of a cut object sat in this chunk (-1: none, or an earlier chunk).
  private commaAt = -1
  // Depth of the cut object whose current member is dropped (-1: none).
  private skipDepth = -1
  // Whether the bytes read are written (false while a member of a cut object is held or dropped).
  private emitting = true
  // This chunk's output: slices of it (and copies), where the current slice starts, and the last slice written.
  private chunk: Buffer = Buffer.alloc(0)
  private out: Buffer[] = []
  private outStart = 0
  private lastStart = -1
  private lastEnd = -1

  constructor (targets: readonly FieldSelection[]) { this.root = pathTree(targets) }

  private fail (what: string): never { throw new ProjectionError(`the answer is not JSON: ${what}`) }

  private suppress (i: number) {
    if (!this.emitting) return
    this.emitting = false
    if (i > this.outStart) { this.out.push(this.chunk.subarray(this.outStart, i)); this.lastStart = this.outStart; this.lastEnd = i }
  }

  /** Writes again from i; a slice that resumes where the last one ended is merged into it. */
  private resume (i: number) {
    if (this.emitting) return
    this.emitting = true
    if (i === this.lastEnd) { this.out.pop(); this.outStart = this.lastStart; this.lastEnd = -1 } else this.outStart = i
  }

  private writeCopy (bytes: Buffer) { this.out.push(bytes); this.lastEnd = -1 }

  /** A value ended at end (exclusive): the state after it, and the end of a dropped member. */
  private valueEnded (end: number): State {
    if (this.skipDepth === this.stack.length) { this.skipDepth = -1; this.resume(end) }
    return this.stack.length === 0 ? State.End : State.AfterValue
  }

  private open (object: boolean) {
    const stack = this.stack
    const parent = stack[stack.length - 1]
    // Nothing inside a dropped member is matched: it is not written at all.
    const node = parent === undefined ? this.root : this.skipDepth >= 0 ? undefined : parent.object ? parent.child : parent.node?.elements
    stack.push({ object, node, keep: object ? node?.keep : undefined, written: 0, child: undefined })
  }

  /** A member name ended at i: decides whether a cut object writes the member, and which path node its value takes. */
  private keyEnded (i: number) {
    const chunk = this.chunk
    const frame = this.stack[this.stack.length - 1] as Frame
    this.capturing = false
    const children = frame.node?.children
    let raw: Buffer | undefined
    let kept: boolean | typeof NOT_ASCII = true
    let child: PathNode | undefined | typeof NOT_ASCII
    if (this.keyStart >= 0 && !this.keyEscaped) {
      // The fast way: the name's bytes looked up as they lie in the chunk.
      if (frame.keep) { const hit = frame.keep.find(chunk, this.keyStart + 1, i); kept = hit === NOT_ASCII ? NOT_ASCII : hit === true }
      child = children && children.byString.size > 0 ? children.find(chunk, this.keyStart + 1, i) : undefined
    } else kept = child = NOT_ASCII
    if (kept === NOT_ASCII || child === NOT_ASCII) {
      let key: string
      if (this.keyStart >= 0) key = chunk.toString('latin1', this.keyStart + 1, i)
      else {
        this.keyParts.push(chunk.subarray(0, i + 1))
        raw = Buffer.concat(this.keyParts)
        key = raw.toString('latin1', 1, raw.length - 1)
      }
      if (this.keyEscaped) key = asBytes(JSON.parse(`"${Buffer.from(key, 'latin1').toString('utf8')}"`) as string)
      kept = frame.keep ? frame.keep.byString.has(key) : true
      child = children?.byString.get(key)
    }
    this.keyParts = []
    frame.child = child
    if (!frame.keep) return
    if (!kept) { this.skipDepth = this.stack.length; return }
    const first = frame.written++ === 0
    if (raw === undefined && this.keyStart >= 0 && (first || this.commaAt >= 0)) { this.resume(first ? this.keyStart : this.commaAt); return }
    if (!first) this.writeCopy(COMMA)
    if (raw) { this.writeCopy(raw); this.resume(i + 1) } else this.resume(this.keyStart)
  }

  push (chunk: Buffer): Buffer {
    this.chunk = chunk
    this.out = []
    this.outStart = 0
    this.lastStart = -1
    this.lastEnd = -1
    const stack = this.stack
    const length = chunk.length
    let st = this.state
    for (let i = 0; i < length; i++) {
      const c = chunk[i] as number
      switch (st) {
        case State.String: {
          if (this.escape) { this.escape = false; continue }
          // Jump to the next quote or backslash: strings are most of an answer.
          let j = i
          while (j < length) { const d = chunk[j] as number; if (d === QUOTE || d === BACKSLASH) break; j++ }
          i = j
          if (j === length) continue
          if (chunk[j] === BACKSLASH) { this.escape = true; if (this.isKey) this.keyEscaped = true; continue }
          if (!this.isKey) { st = this.valueEnded(i + 1); continue }
          st = State.Colon
          if (this.capturing) this.keyEnded(i)
          continue
        }
        case State.Literal: {
          let j = i
          while (j < length) { const d = chunk[j] as number; if (d === 0x2c || d === 0x7d || d === 0x5d || d <= 0x20) break; j++ }
          if (j === length) { i = j; continue }
          st = this.valueEnded(j)
          i = j - 1 // the delimiter is read again after the value
          continue
        }
        case State.Value:
          if (isSpace(c)) continue
          if (c === 0x7b) { this.open(true); st = State.Key; this.commaAt = -1; continue }
          if (c === 0x5b) { this.open(false); continue }
          if (c === QUOTE) { st = State.String; this.isKey = false; continue }
          if (c === 0x5d) {
            // An empty array (or one ending after a comma).
            if (stack[stack.length - 1]?.object !== false) this.fail('a ] where a value was expected')
            stack.pop(); st = this.valueEnded(i + 1); continue
          }
          if (c === 0x7d || c === 0x2c || c === 0x3a) this.fail(`a ${String.fromCharCode(c)} where a value was expected`)
          st = State.Literal
          continue
        case State.AfterValue: {
          if (isSpace(c)) continue
          const frame = stack[stack.length - 1]
          if (!frame) return this.fail('text after the answer')
          if (c === 0x2c) {
            // A cut object writes the comma only before a member it keeps.
            if (frame.keep) { this.suppress(i); this.commaAt = i }
            st = frame.object ? State.Key : State.Value
            continue
          }
          if ((c === 0x7d && frame.object) || (c === 0x5d && !frame.object)) { stack.pop(); st = this.valueEnded(i + 1); continue }
          this.fail(`a ${String.fromCharCode(c)} after a value`)
          continue
        }
        case State.Key: {
          if (isSpace(c)) continue
          const frame = stack[stack.length - 1] as Frame
          if (c === 0x7d) { stack.pop(); st = this.valueEnded(i + 1); continue }
          if (c !== QUOTE) this.fail('a member name expected')
          st = State.String
          this.isKey = true
          this.capturing = frame.keep !== undefined || (frame.node !== undefined && frame.node.children.byString.size > 0)
          if (this.capturing) { this.keyStart = i; this.keyParts = []; this.keyEscaped = false }
          // A cut object's member waits until its name is known.
          if (frame.keep) this.suppress(i)
          continue
        }
        case State.Colon:
          if (isSpace(c)) continue
          if (c !== 0x3a) this.fail('a : expected')
          st = State.Value
          continue
        case State.End:
          if (!isSpace(c)) this.fail('text after the answer')
          continue
      }
    }
    this.state = st
    if (this.capturing && st === State.String) { this.keyParts.push(Buffer.from(chunk.subarray(this.keyStart >= 0 ? this.keyStart : 0))); this.keyStart = -1 }
    // A comma held at the end of a chunk is written (if at all) as a copy.
    this.commaAt = -1
    const out = this.out
    if (this.emitting && this.outStart < length) out.push(chunk.subarray(this.outStart))
    this.out = []
    this.chunk = Buffer.alloc(0)
    return out.length === 1 ? out[0] as Buffer : Buffer.concat(out)
  }

  /** Checks that the answer was whole. */
  end (): void {
    if (this.state === State.Literal && this.stack.length === 0) this.state = State.End
    if (this.state !== State.End) this.fail('it ends early')
  }
}

/** A cut to push an answer through chunk by chunk (see Projector). */
export function createProjector (targets: readonly FieldSelection[]): { push (chunk: Buffer): Buffer, end (): void } {
  return new Projector(targets)
}

/** A whole answer cut at once (the cached path). */
export function projectJson (body: Buffer, projection: { targets: readonly FieldSelection[] }): Buffer {
  const projector = createProjector(projection.targets)
  const out = projector.push(body)
  projector.end()
  return out
}

/** A stream that cuts the answer flowing through it (the streamed path); an answer that is not JSON ends it with an error. */
export function projectionStream (projection: { targets: readonly FieldSelection[] }): Transform {
  const projector = createProjector(projection.targets)
  return new Transform({
    transform (chunk: Buffer, _encoding, done) {
      try { const out = projector.push(chunk); done(null, out.length > 0 ? out : undefined) } catch (error) { done(error as Error) }
    },
    flush (done) {
      try { projector.end(); done() } catch (error) { done(error as Error) }
    }
  })
}
