import t from 'tap'
import { MAX_DEPTH, findUnsafeInRequest, findUnsafeValue } from '../../../server/shared/unsafe-values.ts'

t.test('the first value no field may hold, named by its path', async (t) => {
  t.equal(findUnsafeValue({ Lines: [{ Number: '1234', Big: 1, Small: 2 }], Remarks: 'Infinity and beyond' }, 'body'), undefined, 'a clean body (a word is only a word)')
  t.equal(findUnsafeValue({ UserId: 'Infinity' }, 'body'), undefined, 'Infinity may be a user id: a number field catches it once coerced')
  t.same(findUnsafeValue({ Lines: [{ Big: 1 }, { Small: JSON.parse('1e309') }] }, 'body'), { path: 'body/Lines/1/Small', kind: 'not-finite' })
  t.same(findUnsafeValue({ Credit: '1e309' }, 'body'), { path: 'body/Credit', kind: 'not-finite' }, 'a numeral past the largest number')
  t.same(findUnsafeValue({ Amount: ' -9e999 ' }, 'body'), { path: 'body/Amount', kind: 'not-finite' })
  t.same(findUnsafeValue({ Amount: Number.NaN }, 'body'), { path: 'body/Amount', kind: 'not-finite' })
  t.same(findUnsafeValue({ a: 'ok', Remarks: 'a\u0000b' }, 'body'), { path: 'body/Remarks', kind: 'nul' })
  t.same(findUnsafeValue({ 'bad\u0000key': 1 }, 'body'), { path: 'body/bad\\u0000key', kind: 'nul' }, 'a key too')
  t.same(findUnsafeValue({ LocId: ['SG', 'x\u0000'] }, 'querystring'), { path: 'querystring/LocId/1', kind: 'nul' })
  t.equal(findUnsafeValue(undefined, 'body'), undefined)
  t.same(findUnsafeInRequest({ body: {}, query: { q: '1e400' }, params: {} }), { path: 'querystring/q', kind: 'not-finite' })
})

t.test('nesting past the limit is found without recursion, however deep', async (t) => {
  const deep = JSON.parse('{"a":'.repeat(5000) + '1' + '}'.repeat(5000)) as unknown
  const found = findUnsafeValue(deep, 'body')
  t.equal(found?.kind, 'too-deep')
  t.equal(found?.path, 'body' + '/a'.repeat(MAX_DEPTH), 'named at the level past the limit')
  const array = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown
  t.equal(findUnsafeValue(array, 'body')?.kind, 'too-deep', 'no stack overflow')
  let ok: unknown = 1
  for (let i = 0; i < MAX_DEPTH; i++) ok = { a: ok }
  t.equal(findUnsafeValue(ok, 'body'), undefined, `${MAX_DEPTH} levels are fine`)
})
