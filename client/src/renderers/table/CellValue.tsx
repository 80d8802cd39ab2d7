import type { TableColumn } from '../../../../schemas/widgets.ts'
import { statusTone } from '../lib/tableModel.ts'

/** A cell's content: a status as a badge coloured by its tone (its words stay the label), anything else as its formatted text. */
export function CellValue ({ column, value, text }: { column: TableColumn, value: unknown, text: string }) {
  if (column.type !== 'status' || text === '') return <>{text}</>
  return <span className='rr-badge' data-tone={statusTone(value)}>{text}</span>
}
