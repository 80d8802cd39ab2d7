/** A failure envelope without its code and params, for tests that compare the contract's fields (tests/game-api/error-codes.test.ts checks those). */
export function contractFields (body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body
  const { code: _code, params: _params, ...rest } = body as Record<string, unknown>
  return rest
}
