import t from 'tap'
import { linesText } from '../../../../server/game-api/betting/rules/lines.ts'

t.test('stored lines read back as bet text', async (t) => {
  t.equal(linesText([{ number: '1234', form: 'roll', big: 1, small: 2 }, { number: '5678', form: 'straight', big: 0.5, small: 0 }, { number: '0001', form: 'kbet', big: 0, small: 3 }]), '1234r 1-2; 5678 0.5-; 0001k -3')
  t.equal(linesText([{ type: 'ORDINARY', numbers: [1, 2, 3, 4, 5, 16], units: 2 }, { type: 'TO', numbers: [], units: 1 }, { type: '2*', numbers: [7, 9], units: 3 }]), '01 02 03 04 05 16 -2; TO -1; 2* 07 09 -3')
})
