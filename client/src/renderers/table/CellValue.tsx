import { Badge } from '@mantine/core'
import type { TableColumn } from '../../../../schemas/widgets.ts'
import { statusTone } from '../lib/tableModel.ts'

/** A cell's content: a status as a badge coloured by its tone (its words stay the label, as written), anything else as its formatted text. */
export function CellValue ({ column, value, text }: { column: TableColumn, value: unknown, text: string }) {
  if (column.type !== 'status' || text === '') return <>{text}</>
  // Coloured by its tone in table.css: Mantine's light shades leave small text below 4.5:1 contrast.
  return <Badge className='rr-badge' data-tone={statusTone(value)} variant='light' size='sm' radius='sm'>{text}</Badge>
}
