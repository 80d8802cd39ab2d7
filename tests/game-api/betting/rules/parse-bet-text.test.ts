import t from 'tap'
import { parseBetText, type ParseBetTextOptions } from '../../../../server/game-api/betting/rules/parse-bet-text.ts'
import type { FourDLine, TotoLine } from '../../../../schemas/game/ticket.ts'

// Saturday 21 November 2026, 12:00 in Singapore.
const now = new Date('2026-11-21T04:00:00Z')
const fourD: ParseBetTextOptions = { game: '4D', now }
const toto: ParseBetTextOptions = { game: 'TOTO', now }

type Line4 = Pick<FourDLine, 'number' | 'form' | 'big' | 'small'>
// The 4D lines of a parse, or none when it failed or was not 4D.
const fourDLines = (result: ReturnType<typeof parseBetText>): FourDLine[] => result.ok && result.ticket.game === '4D' ? result.ticket.lines : []
const line = (number: string, big: number, small: number, form: FourDLine['form'] = 'straight'): Line4 => ({ number, form, big, small })

t.test('every 4D form of seed 001 §5', async (t) => {
  const table: Array<[string, Line4[]]> = [
    ['mem1 0 1234 1-', [line('1234', 1, 0)]],
    ['mem1 0 1234 H-', [line('1234', 0.5, 0)]],
    ['mem1 0 1234 1H-', [line('1234', 1.5, 0)]],
    ['mem1 0 1234 Q-', [line('1234', 0.25, 0)]],
    ['mem1 0 1234 1Q-', [line('1234', 1.25, 0)]],
    ['mem1 0 1234 -1', [line('1234', 0, 1)]],
    ['mem1 0 1234 1-2', [line('1234', 1, 2)]],
    ['mem1 0 1234 h-', [line('1234', 0.5, 0)]],
    ['mem1 0 1234r 1-', [line('1234', 1, 0, 'roll')]],
    ['mem1 0 1234i 2-', [line('1234', 2, 0, 'ibet')]],
    ['mem1 0 1234k -3', [line('1234', 0, 3, 'kbet')]],
    ['mem1 0 1234R 5678I 9012K 1-', [line('1234', 1, 0, 'roll'), line('5678', 1, 0, 'ibet'), line('9012', 1, 0, 'kbet')]],
    ['mem1 0 1234 5678 1-2', [line('1234', 1, 2), line('5678', 1, 2)]],
    ['mem1 0 1234 1- 5678 9012 -3 0000 H-1', [line('1234', 1, 0), line('5678', 0, 3), line('9012', 0, 3), line('0000', 0.5, 1)]],
    ['  mem1\t0\n1234   1-  ', [line('1234', 1, 0)]],
    ['mem1 0 1234 0-1', [line('1234', 0, 1)]]
  ]
  for (const [text, lines] of table) {
    const result = parseBetText(text, fourD)
    if (!result.ok) {
      t.fail(`${text}: ${JSON.stringify(result.errors)}`)
      continue
    }
    t.equal(result.ticket.game, '4D')
    t.same(fourDLines(result).map(({ number, form, big, small }) => ({ number, form, big, small })), lines, text)
    t.same(result.warnings, [], `${text}: no warning`)
  }
})

t.test('4D lines remember where their number was written', async (t) => {
  const result = parseBetText('mem1 0 1234 5678r 1-', fourD)
  if (!result.ok) return t.fail('parses')
  t.same(result.ticket.lines.map((l) => [l.position, l.length]), [[7, 4], [12, 5]])
})

t.test('day codes give the ticket its series and draws', async (t) => {
  const table: Array<[string, string, string, string[]]> = [
    ['0', '0', 'SG4D', ['2026-11-21', '2026-11-22', '2026-11-25']],
    ['2', '2', 'SG4D', ['2026-11-21', '2026-11-22']],
    ['3', '3', 'SG4D', ['2026-11-25']],
    ['6', '6', 'SG4D', ['2026-11-21']],
    ['7', '7', 'SG4D', ['2026-11-22']],
    ['0M', '0M', 'MG4D', ['2026-11-21', '2026-11-22', '2026-11-25']],
    ['2M', '2M', 'MG4D', ['2026-11-21', '2026-11-22']],
    ['3m', '3M', 'MG4D', ['2026-11-25']],
    ['6M', '6M', 'MG4D', ['2026-11-21']],
    ['7M', '7M', 'MG4D', ['2026-11-22']],
    ['9M', '9M', 'MG4D', ['2026-11-24']]
  ]
  for (const [written, code, series, dates] of table) {
    const result = parseBetText(`ag1 ${written} 1234 1-`, fourD)
    if (!result.ok) {
      t.fail(written)
      continue
    }
    t.equal(result.ticket.userId, 'ag1')
    t.equal(result.ticket.dayCode, code)
    t.equal(result.ticket.series, series, `${written} → ${series}`)
    t.same(result.ticket.draws.map((d) => d.date), dates, `${written} → ${dates.join(', ')}`)
  }
  const tt = parseBetText('mem1 4 010203040506 -1', toto)
  t.same(tt.ok && tt.ticket.draws.map((d) => d.date), ['2026-11-26'], 'TOTO 4: Thursday')
})

t.test('upload options: StrictNumber off pads short numbers, AcceptDecimals takes decimals', async (t) => {
  const loose = parseBetText('mem1 0 12 7r 1-', { ...fourD, strictNumber: false })
  t.same(fourDLines(loose).map((l) => [l.number, l.form]), [['0012', 'straight'], ['0007', 'roll']])
  const strict = parseBetText('mem1 0 12 1-', fourD)
  t.same(!strict.ok && strict.errors.map((e) => [e.position, e.length]), [[7, 2]])
  const decimals = parseBetText('mem1 0 1234 1.25-0.5', { ...fourD, acceptDecimals: true })
  t.same(fourDLines(decimals).map((l) => [l.big, l.small]), [[1.25, 0.5]])
  const plain = parseBetText('mem1 0 1234 1.25-', fourD)
  t.same(!plain.ok && plain.errors.map((e) => [e.position, e.length]), [[12, 4]], 'decimals are refused unless accepted')
})

type TotoShape = Pick<TotoLine, 'type' | 'numbers' | 'units'> & { system?: number }

t.test('every TOTO form of seed 001 §5', async (t) => {
  const table: Array<[string, TotoShape[]]> = [
    ['mem1 1 010203040506 -1', [{ type: 'ORDINARY', numbers: [1, 2, 3, 4, 5, 6], units: 1 }]],
    ['mem1 4 494847464544 -3', [{ type: 'ORDINARY', numbers: [49, 48, 47, 46, 45, 44], units: 3 }]],
    ['mem1 1 0102030405/ -2', [{ type: 'ROLL', numbers: [1, 2, 3, 4, 5], units: 2 }]],
    ['mem1 1 01020304050607/2 -1', [{ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7], units: 1, system: 7 }]],
    ['mem1 1 0102030405060708/3 -1', [{ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7, 8], units: 1, system: 8 }]],
    ['mem1 1 010203040506070809/4 -1', [{ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9], units: 1, system: 9 }]],
    ['mem1 1 01020304050607080910/5 -1', [{ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], units: 1, system: 10 }]],
    ['mem1 1 0102030405060708091011/6 -1', [{ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], units: 1, system: 11 }]],
    ['mem1 1 010203040506070809101112/7 -1', [{ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], units: 1, system: 12 }]],
    ['mem1 1 2* 0102 -5', [{ type: '2*', numbers: [1, 2], units: 5 }]],
    ['mem1 1 3* 010203 -5', [{ type: '3*', numbers: [1, 2, 3], units: 5 }]],
    ['mem1 1 4* 01020304 -5', [{ type: '4*', numbers: [1, 2, 3, 4], units: 5 }]],
    ['mem1 1 *2 0102 -5', [{ type: '*2', numbers: [1, 2], units: 5 }]],
    ['mem1 1 *3 010203 -5', [{ type: '*3', numbers: [1, 2, 3], units: 5 }]],
    ['mem1 1 *4 01020304 -5', [{ type: '*4', numbers: [1, 2, 3, 4], units: 5 }]],
    ['mem1 1 TO -10', [{ type: 'TO', numbers: [], units: 10 }]],
    ['mem1 1 te -10', [{ type: 'TE', numbers: [], units: 10 }]],
    ['mem1 1 TT -10', [{ type: 'TT', numbers: [], units: 10 }]],
    ['mem1 1 010203040506 111213141516 -2 TO 2* 0910 -1', [
      { type: 'ORDINARY', numbers: [1, 2, 3, 4, 5, 6], units: 2 },
      { type: 'ORDINARY', numbers: [11, 12, 13, 14, 15, 16], units: 2 },
      { type: 'TO', numbers: [], units: 1 },
      { type: '2*', numbers: [9, 10], units: 1 }
    ]]
  ]
  for (const [text, lines] of table) {
    const result = parseBetText(text, toto)
    if (!result.ok || result.ticket.game !== 'TOTO') {
      t.fail(`${text}: ${JSON.stringify(!result.ok && result.errors)}`)
      continue
    }
    t.same(result.ticket.lines.map(({ type, numbers, units, system }) => system === undefined ? { type, numbers, units } : { type, numbers, units, system }), lines, text)
  }
  const spans = parseBetText('mem1 1 2* 0102 TO -1', toto)
  t.same(spans.ok && spans.ticket.lines.map((l) => [l.position, l.length]), [[7, 7], [15, 2]], 'a pick line spans its type and numbers')
})

interface Expected { position: number, length: number, message: RegExp }
const err = (position: number, length: number, message: RegExp): Expected => ({ position, length, message })

t.test('malformed texts: every error says where and what', async (t) => {
  const table: Array<[string, ParseBetTextOptions, Expected[]]> = [
    ['', fourD, [err(0, 0, /bet text is empty: expected ID, day code, numbers and amount, e\.g\. mem1 0 1234 1-/)]],
    ['   ', toto, [err(3, 0, /bet text is empty.*mem1 1 010203040506 -1/)]],
    ['mem1', fourD, [err(4, 0, /day code missing after the ID: expected one of 0, 2, 3, 6, 7, 0M, 2M, 3M, 6M, 7M, 9M/)]],
    ['mem1 0', fourD, [err(6, 0, /no bet after the day code: expected a 4-digit number and an amount/)]],
    ['mem1 1', toto, [err(6, 0, /no bet after the day code: expected two-digit numbers and an amount/)]],
    ['me-m1 0 1234 1-', fourD, [err(0, 5, /"me-m1" is not a user ID/)]],
    ['mem1 9 1234 1-', fourD, [err(5, 1, /"9" is not a 4D day code: expected one of 0, 2, 3/)]],
    ['mem1 5M 1234 1-', fourD, [err(5, 2, /"5M" is not a 4D day code/)]],
    ['mem1 0 1234 1-', toto, [err(5, 1, /"0" is not a TOTO day code: expected one of 1, 4/), err(7, 4, /ordinary TOTO entry has exactly 6 numbers, found 2/), err(12, 2, /"1-" is not understood/)]],
    ['mem1 0 123 1-', fourD, [err(7, 3, /4D number "123" has 3 digits: 4D numbers have exactly 4 digits/)]],
    ['mem1 0 12345 1-', fourD, [err(7, 5, /"12345" has 5 digits/)]],
    ['mem1 0 1234x 1-', fourD, [err(11, 1, /suffix "x" after 1234 is not understood: expected r \(roll\), i \(iBet\) or k \(kBet\)/)]],
    ['mem1 0 1234rk 1-', fourD, [err(11, 2, /suffix "rk"/)]],
    ['mem1 0 12a4 1-', fourD, [err(7, 4, /"12a4" is not understood: expected a 4-digit number/)]],
    ['mem1 0 abcd 1-', fourD, [err(7, 4, /"abcd" is not understood/)]],
    ['mem1 0 1234', fourD, [err(7, 4, /1234 has no amount: end the set with an amount such as 1-/)]],
    ['mem1 0 1234 1- 5678 9012', fourD, [err(15, 9, /5678 9012 have no amount/)]],
    ['mem1 0 1- 1234 1-', fourD, [err(7, 2, /amount "1-" has no number before it: write the 4-digit number\(s\) first/)]],
    ['mem1 0 1234 1- -2', fourD, [err(15, 2, /amount "-2" has no number before it/)]],
    ['mem1 0 1234 1--2', fourD, [err(12, 4, /must hold exactly one '-'/)]],
    ['mem1 0 1234 X-', fourD, [err(12, 1, /Big amount "X" is not understood: before '-' write whole dollars, H \(half\), nH/)]],
    ['mem1 0 1234 1HH-', fourD, [err(12, 3, /Big amount "1HH"/)]],
    ['mem1 0 1234 -H', fourD, [err(13, 1, /Small amount "H" is not understood: after '-' write whole dollars only/)]],
    ['mem1 0 1234 1-1.5', fourD, [err(14, 3, /Small amount "1.5"/)]],
    ['mem1 0 1234 0-0', fourD, [err(12, 3, /amount "0-0" bets nothing/)]],
    ['mem1 0 1234 -', fourD, [err(12, 1, /amount "-" bets nothing/)]],
    ['mem1 0 1234 010203040506 -1', fourD, [err(12, 12, /4D number "010203040506" has 12 digits/)]],
    ['mem1 0 123 1-- 12345 1234x', fourD, [
      err(7, 3, /"123" has 3 digits/),
      err(11, 3, /exactly one '-'/),
      err(15, 5, /"12345" has 5 digits/),
      err(25, 1, /suffix "x"/)
    ]],
    ['mem! 7M 1234', fourD, [err(0, 4, /not a user ID/), err(8, 4, /1234 has no amount/)]],
    ['mem1 1 01020304050', toto, [err(7, 11, /TOTO numbers come in two-digit groups, but "01020304050" has 11 digits/)]],
    ['mem1 1 010203040550 -1', toto, [err(17, 2, /TOTO number 50 is out of range: numbers run from 01 to 49/)]],
    ['mem1 1 000203040506 -1', toto, [err(7, 2, /TOTO number 00 is out of range/)]],
    ['mem1 1 010203040501 -1', toto, [err(17, 2, /TOTO number 01 appears twice/)]],
    ['mem1 1 0102030405 -1', toto, [err(7, 10, /an ordinary TOTO entry has exactly 6 numbers, found 5; for a System Roll write \/ after the numbers/)]],
    ['mem1 1 0102030405060708 -1', toto, [err(7, 16, /found 8; for System 8 write \/3 after the numbers/)]],
    ['mem1 1 01020304050607080910111213 -1', toto, [err(7, 26, /an ordinary TOTO entry has exactly 6 numbers, found 13$/)]],
    ['mem1 1 010203040506/ -1', toto, [err(7, 13, /a System Roll \(\/\) has exactly 5 numbers/)]],
    ['mem1 1 01020304050607/3 -1', toto, [err(7, 16, /\/3 is System 8 and needs exactly 8 numbers, found 7/)]],
    ['mem1 1 01020304050607/8 -1', toto, [err(21, 2, /"\/8" is not a TOTO variant: write \/ \(System Roll\) or \/2 to \/7 \(System 7 to System 12\)/)]],
    ['mem1 1 0102030405//1 -1', toto, [err(17, 3, /"\/\/1" is not a TOTO variant/)]],
    ['mem1 1 2* 010203 -1', toto, [err(10, 6, /bet type 2\* takes exactly 2 numbers, found 3/)]],
    ['mem1 1 *3 0102/ -1', toto, [err(14, 1, /bet type \*3 takes its numbers without "\/"/)]],
    ['mem1 1 4* -1', toto, [err(7, 2, /bet type 4\* must be followed by its 4 two-digit numbers/)]],
    ['mem1 1 3* TO -1', toto, [err(7, 2, /bet type 3\* must be followed/)]],
    ['mem1 1 010203040506 *2', toto, [err(7, 12, /010203040506 has no amount: end the entries with -units/), err(20, 2, /bet type \*2 must be followed/)]],
    ['mem1 1 -1', toto, [err(7, 2, /amount "-1" has no entry before it/)]],
    ['mem1 1 010203040506 -0', toto, [err(20, 2, /TOTO amount "-0" is not understood: write '-' and a whole number of units/)]],
    ['mem1 1 010203040506 -H', toto, [err(20, 2, /TOTO amount "-H"/)]],
    ['mem1 1 010203040506 1-', toto, [err(7, 12, /010203040506 has no amount/), err(20, 2, /"1-" is not understood: expected two-digit numbers/)]],
    ['mem1 1 5* 0102 -1', toto, [err(7, 2, /"5\*" is not understood/), err(10, 4, /an ordinary TOTO entry has exactly 6 numbers, found 2/)]],
    ['mem1 1 TX -1', toto, [err(7, 2, /"TX" is not understood.*a bet type \(2\*, 3\*, 4\*, \*2, \*3, \*4, TO, TE, TT\)/)]]
  ]
  for (const [text, options, expected] of table) {
    const result = parseBetText(text, options)
    if (result.ok) {
      t.fail(`${JSON.stringify(text)} should fail`)
      continue
    }
    t.same(result.errors.map((e) => [e.position, e.length]), expected.map((e) => [e.position, e.length]), `${JSON.stringify(text)}: positions`)
    expected.forEach((e, i) => t.match(result.errors[i]?.message, e.message, `${JSON.stringify(text)}: message ${i + 1}`))
    for (const e of result.errors) {
      t.ok(e.position >= 0 && e.position + e.length <= text.length, `${JSON.stringify(text)}: span inside the text`)
    }
  }
})

t.test('the advisory limit warns and still accepts', async (t) => {
  const eleven = Array.from({ length: 11 }, (_, i) => String(1000 + i)).join(' ')
  const text = `mem1 0 ${eleven} 1-`
  const result = parseBetText(text, fourD)
  t.ok(result.ok, 'eleven sets are still accepted')
  t.equal(result.ok && result.ticket.lines.length, 11)
  t.same(result.warnings.map((w) => [w.position, w.length]), [[text.indexOf('1010'), 4]], 'points at the 11th set')
  t.match(result.warnings[0]?.message, /11 number sets in one message: at most 10 are advised/)

  const ten = Array.from({ length: 10 }, (_, i) => String(1000 + i)).join(' ')
  t.same(parseBetText(`mem1 0 ${ten} 1-`, fourD).warnings, [], 'ten sets are fine')

  const long = `mem1 0 1234 ${'1'.repeat(140)}-`
  const longResult = parseBetText(long, fourD)
  t.ok(longResult.ok, 'a long text is still parsed')
  t.same(longResult.warnings.map((w) => [w.position, w.length]), [[150, long.length - 150]], 'points at the 151st character')
  t.match(longResult.warnings[0]?.message, /\d+ characters in one message: at most 150 are advised/)

  const exactly150 = `mem1 0 1234 ${'1'.repeat(137)}-`
  t.equal(exactly150.length, 150)
  t.same(parseBetText(exactly150, fourD).warnings, [], '150 characters are fine')

  const totoSets = Array.from({ length: 12 }, () => 'TO').join(' ')
  const totoResult = parseBetText(`mem1 1 ${totoSets} -1`, toto)
  t.same(totoResult.warnings.map((w) => w.position), [7 + 10 * 3], 'TOTO entries count as sets')

  const broken = parseBetText(`mem1 0 ${eleven} 1234`, fourD)
  t.notOk(broken.ok)
  t.equal(broken.warnings.length, 1, 'warnings come with errors too')
})
