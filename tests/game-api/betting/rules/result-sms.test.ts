import t from 'tap'
import { SMS_LENGTH, resultSmsString } from '../../../../schemas/game/result-sms.ts'

t.test('4D: head, the three prizes, starters and consolations in one SMS', async (t) => {
  const text = resultSmsString({ series: 'SG4D', date: '2030-01-02', special: false }, {
    first: '1234',
    second: '5678',
    third: '9012',
    starters: ['0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008', '0009', '0010'],
    consolations: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010']
  })
  t.equal(text, 'SG4D 2030-01-02 Wed 1)1234 2)5678 3)9012 S:0001 0002 0003 0004 0005 0006 0007 0008 0009 0010 C:1001 1002 1003 1004 1005 1006 1007 1008 1009 1010')
  t.ok(text.length <= SMS_LENGTH, `${text.length} characters fit one SMS`)
  t.match(resultSmsString({ series: 'MG4D', date: '2030-01-08', special: true }, { first: '1', second: '2', third: '3', starters: [], consolations: [] }), /^MG4D special 2030-01-08 Tue /, "Magnum's Tuesday is marked special")
})

t.test('TOTO: the six winning numbers in order, two digits, and the additional after +', async (t) => {
  t.equal(resultSmsString({ series: 'TOTO', date: '2030-01-03', special: false }, { winning: [45, 3, 17, 8, 22, 31], additional: 9 }), 'TOTO 2030-01-03 Thu 03 08 17 22 31 45 +09')
})
