// JSON.parse does not always say where it failed (nor alike in every engine); this scanner finds the offset of the first syntax
// error, for the config loader and the console's editor alike.

/** Offset of the first JSON syntax error in text (text.length when it ends too early), or -1 when the text is valid JSON. */
export function jsonErrorOffset (text: string): number {
  let i = 0
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++ }
  const fail = (at: number) => { throw at }
  const literal = (word: string) => { if (text.startsWith(word, i)) i += word.length; else fail(i) }
  const string = () => {
    i++ // opening quote
    while (i < text.length) {
      const c = text[i] as string
      if (c === '"') { i++; return }
      if (c === '\\') {
        const next = text[i + 1]
        if (next === 'u') { if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i); i += 6 } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2
        else fail(i)
      } else if (c < ' ') fail(i)
      else i++
    }
    fail(i)
  }
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!match) fail(i)
    i += (match as RegExpExecArray)[0].length
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++; ws()
      if (text[i] === '}') { i++; return }
      for (;;) {
        ws(); if (text[i] !== '"') fail(i)
        string(); ws()
        if (text[i] !== ':') fail(i)
        i++; value(); ws()
        if (text[i] === ',') { i++; continue }
        if (text[i] === '}') { i++; return }
        fail(i)
      }
    } else if (c === '[') {
      i++; ws()
      if (text[i] === ']') { i++; return }
      for (;;) {
        value(); ws()
        if (text[i] === ',') { i++; continue }
        if (text[i] === ']') { i++; return }
        fail(i)
      }
    } else if (c === '"') string()
    else if (c === 't') literal('true')
    else if (c === 'f') literal('false')
    else if (c === 'n') literal('null')
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number()
    else fail(i)
  }
  try {
    value(); ws()
    return i < text.length ? i : -1
  } catch (at) {
    return Math.min(at as number, text.length)
  }
}

/** The 1-based line and column of an offset in a text, as editors count them (a negative offset is the start). */
export function lineColumnAt (text: string, offset: number): { line: number, column: number } {
  const before = text.slice(0, Math.max(offset, 0))
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') }
}
