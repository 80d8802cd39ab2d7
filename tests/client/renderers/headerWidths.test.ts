import t from 'tap'
import type { TableColumn } from '../../../schemas/widgets.ts'
import { headerWidths } from '../../../client/src/renderers/lib/headerWidths.ts'

// 10 px a character: the widths a label's longest word asks for are easy to read off.
const measure = (text: string) => [...text].length * 10
const column = (labelKey: string, width: number): TableColumn => ({ field: labelKey, labelKey, type: 'number', width })
const labels: Record<string, string> = { close: 'Close time (HH:mm)', reset: 'Reset (clear result)', win: 'Group win / loss', day: '开奖日期', id: 'Id' }

t.test('a column is widened to its label\'s longest word where the descriptor\'s width is too small, never narrowed', async (t) => {
  const widths = headerWidths([column('close', 60), column('reset', 200), column('win', 40), column('id', 30)], (k) => labels[k] ?? k, measure)
  // (HH:mm) is the longest word: 7 characters, plus the cell's padding.
  t.same(widths, [83, 200, 63, 33])
})

t.test('a Chinese label wraps between characters: one character is its longest word', async (t) => {
  t.same(headerWidths([column('day', 20)], (k) => labels[k] ?? k, measure), [23])
})
