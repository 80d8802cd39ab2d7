import type { TFunction } from 'i18next'
import type { RowAction } from '../../../../schemas/widgets.ts'
import { ACTIONS_MENU_KEY, rowActionsShown, type Row } from '../lib/tableModel.ts'
import { ActionsMenu } from './ActionsMenu.tsx'

/** A row's actions: up to two as buttons, more in one menu (keyboard reachable), each labelled in the page's language. */
export function RowActions ({ actions, row, t, onAction }: { actions: readonly RowAction[], row: Row, t: TFunction, onAction: (a: RowAction, row: Row) => void }) {
  const { buttons, menu } = rowActionsShown(actions, row)
  if (menu.length > 0) {
    return <ActionsMenu label={t(ACTIONS_MENU_KEY)} items={menu.map((a) => ({ id: a.id, label: t(a.labelKey), run: () => onAction(a, row) }))} />
  }
  return <>{buttons.map((a) => <button key={a.id} type='button' className='rr-row-action' onClick={() => onAction(a, row)}>{t(a.labelKey)}</button>)}</>
}
