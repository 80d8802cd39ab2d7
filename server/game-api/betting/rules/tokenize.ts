// Splits a bet text on whitespace while remembering where each token starts.

/** A whitespace-separated piece of a bet text and its 0-based offset. */
export interface Token {
  text: string
  position: number
}

/** The tokens of a text, in order; any run of spaces, tabs or line breaks separates them. */
export function tokenize (text: string): Token[] {
  return [...text.matchAll(/\S+/g)].map((match) => ({ text: match[0], position: match.index }))
}

/** The span from the start of the first token to the end of the last. */
export function spanOf (tokens: readonly Token[]): { position: number, length: number } {
  const first = tokens[0]
  const last = tokens[tokens.length - 1]
  if (first === undefined || last === undefined) return { position: 0, length: 0 }
  return { position: first.position, length: last.position + last.text.length - first.position }
}
