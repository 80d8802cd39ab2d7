import { Button, Checkbox, Popover, Stack } from '@mantine/core'
import type { TFunction } from 'i18next'
import type { TableColumn } from '../../../../schemas/widgets.ts'

/** The toolbar's column chooser: a button that opens the table's columns to tick; Escape or a click outside closes it. */
export function ColumnChooser ({ columns, hidden, toggle, t }: { columns: readonly TableColumn[], hidden: readonly string[], toggle: (field: string) => void, t: TFunction }) {
  const shown = columns.length - hidden.length
  return (
    <Popover position='bottom-end' shadow='md' trapFocus returnFocus withinPortal={false}>
      <Popover.Target>
        <Button size='xs' variant='default'>
          {t('renderers.table.columns')}{hidden.length > 0 && <span className='rr-chooser-count'>&nbsp;({shown}/{columns.length})</span>}
        </Button>
      </Popover.Target>
      <Popover.Dropdown className='rr-chooser-panel'>
        <p className='rr-chooser-title'>{t('renderers.table.columnsShown')}</p>
        <Stack gap={6}>
          {columns.map((c) => {
            const checked = !hidden.includes(c.field)
            // The last column shown stays: a table without columns says nothing.
            return <Checkbox key={c.field} size='xs' label={t(c.labelKey)} checked={checked} disabled={checked && shown === 1} onChange={() => toggle(c.field)} />
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
