import { Badge } from '@mantine/core'
import type { TableColumn } from '../../../../schemas/widgets.ts'
import { statusTone, type StatusTone } from '../lib/tableModel.ts'

// A status's tone as a Mantine colour: light badges keep their text dark enough to read (contrast above 4.5:1).
const COLOURS: Record<StatusTone, string> = { positive: 'green', negative: 'red', waiting: 'yellow', neutral: 'gray' }

/** A cell's content: a status as a badge coloured by its tone (its words stay the label, as written), anything else as its formatted text. */
export function CellValue ({ column, value, text }: { column: TableColumn, value: unknown, text: string }) {
  if (column.type !== 'status' || text === '') return <>{text}</>
  const tone = statusTone(value)
  return <Badge className='rr-badge' data-tone={tone} color={COLOURS[tone]} variant='light' size='sm' radius='sm'>{text}</Badge>
}
