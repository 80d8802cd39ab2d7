import { Button } from '@mantine/core'
import type { TFunction } from 'i18next'
import type { SelectionAction } from '../../../../schemas/widgets.ts'
import type { Row } from '../lib/tableModel.ts'
import { selectionTarget } from '../lib/tableSelection.ts'
import type { Ticks } from './useTicks.ts'

/** The toolbar's part for ticked rows: how many are ticked, and each selection action, enabled when it takes them (count, condition). */
export function SelectionBar ({ actions, ticks, t, onSelection }: { actions: readonly SelectionAction[], ticks: Ticks, t: TFunction, onSelection: (action: SelectionAction, rows: readonly Row[], done: () => void) => void }) {
  return (
    <>
      <span className='rr-ticked' role='status' data-ticked={ticks.ticked.size}>{t('renderers.table.ticked', { count: ticks.ticked.size })}</span>
      {actions.map((a) => (
        <Button key={a.id} size='xs' variant='light' data-action-id={a.id} disabled={!selectionTarget(a, ticks.rows).ready} onClick={() => onSelection(a, ticks.rows, ticks.clear)}>
          {t(a.labelKey)}
        </Button>
      ))}
    </>
  )
}
