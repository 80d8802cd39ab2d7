import t from 'tap'
import { expand4d } from '../../../../schemas/game/expand-four-d.ts'
import { parseBetText } from '../../../../server/game-api/betting/rules/parse-bet-text.ts'
import { uniquePermutations } from '../../../../schemas/domain/permutations.ts'
import { fourDLineStake, stakeOf, totoLineUnits } from '../../../../schemas/game/stake.ts'
import { choose, combinationsOf } from '../../../../schemas/game/toto-combinations.ts'

const now = new Date('2026-11-21T04:00:00Z')

t.test('distinct permutations', async (t) => {
  const table: Array<[string, number]> = [['1234', 24], ['1123', 12], ['1122', 6], ['1112', 4], ['1111', 1]]
  for (const [digits, count] of table) {
    const perms = uniquePermutations(digits)
    t.equal(perms.length, count, `${digits} has ${count}`)
    t.equal(new Set(perms).size, count, `${digits}: no repeats`)
    t.ok(perms.every((p) => [...p].sort().join('') === [...digits].sort().join('')), `${digits}: same digits`)
  }
  t.same(uniquePermutations('1122'), ['1122', '1212', '1221', '2112', '2121', '2211'])
})

t.test('expand4d per form', async (t) => {
  t.same(expand4d({ number: '1234', form: 'straight', big: 1, small: 2 }), [{ number: '1234', big: 1, small: 2, table: 'N' }])
  const roll = expand4d({ number: '1234', form: 'roll', big: 1, small: 0 })
  t.same(roll.map((p) => p.number), ['1230', '1231', '1232', '1233', '1234', '1235', '1236', '1237', '1238', '1239'], 'roll: the last digit 0-9')
  t.ok(roll.every((p) => p.big === 1 && p.small === 0 && p.table === 'N'), 'roll: full amount each, table N')
  const ibet = expand4d({ number: '1123', form: 'ibet', big: 12, small: 6 })
  t.equal(ibet.length, 12)
  t.ok(ibet.every((p) => p.big === 1 && p.small === 0.5 && p.table === 'I'), 'iBet: the amount divided over the permutations, table I')
  const kbet = expand4d({ number: '1122', form: 'kbet', big: 2, small: 1 })
  t.equal(kbet.length, 6)
  t.ok(kbet.every((p) => p.big === 2 && p.small === 1 && p.table === 'K'), 'kBet: the full amount on every permutation, table K')
  t.same(expand4d({ number: '7777', form: 'ibet', big: 1, small: 0 }), [{ number: '7777', big: 1, small: 0, table: 'I' }], 'iBet of four equal digits is one number')
})

t.test('line stakes', async (t) => {
  const table: Array<[Parameters<typeof fourDLineStake>[0]['form'], string, number, number, number, number]> = [
    ['straight', '1234', 1, 2, 1, 2],
    ['roll', '1234', 1, 2, 10, 20],
    ['ibet', '1234', 1, 2, 1, 2],
    ['kbet', '1234', 1, 2, 24, 48],
    ['kbet', '1123', 0.25, 0, 3, 0],
    ['ibet', '1123', 1, 0, 1, 0]
  ]
  for (const [form, number, big, small, stakeBig, stakeSmall] of table) {
    t.same(fourDLineStake({ number, form, big, small, position: 0, length: 4 }), { big: stakeBig, small: stakeSmall }, `${number} ${form} ${big}-${small}`)
  }
})

t.test('TOTO combinations', async (t) => {
  t.same([6, 7, 8, 9, 10, 11, 12].map((n) => choose(n, 6)), [1, 7, 28, 84, 210, 462, 924])
  t.equal(choose(49, 6), 13_983_816)
  t.equal(choose(3, 5), 0)
  t.equal(combinationsOf({ type: 'ORDINARY', numbers: [1, 2, 3, 4, 5, 6] }), 1)
  t.equal(combinationsOf({ type: 'ROLL', numbers: [1, 2, 3, 4, 5] }), 44)
  t.equal(combinationsOf({ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }), 924)
  t.equal(combinationsOf({ type: '3*', numbers: [1, 2, 3] }), 1)
  t.equal(combinationsOf({ type: 'TT', numbers: [] }), 1)
  t.equal(totoLineUnits({ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7], units: 2, text: '', position: 0, length: 0 }), 14)
})

t.test('stakeOf a ticket covers every draw of its day code', async (t) => {
  const fourD = parseBetText('mem1 0 1234 1-2 5678r H- 1122k -1 9012i Q-', { game: '4D', now })
  if (!fourD.ok) return t.fail('parses')
  // 1234: 1 big 2 small; 5678r: 10 × 0.5 big; 1122k: 6 × 1 small; 9012i: 0.25 big once.
  t.same(stakeOf(fourD.ticket), { big: 6.25, small: 8, units: 0, perDraw: 14.25, draws: 3, total: 42.75 })
  const toto = parseBetText('mem1 1 010203040506 0102030405/ -2 01020304050607/2 TO -1', { game: 'TOTO', now })
  if (!toto.ok) return t.fail('parses')
  // 2 × 1 + 2 × 44 + 1 × 7 + 1 × 1.
  t.same(stakeOf(toto.ticket), { big: 0, small: 0, units: 98, perDraw: 98, draws: 1, total: 98 })
})
