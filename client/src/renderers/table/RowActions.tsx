import { Button, Menu } from '@mantine/core'
import type { TFunction } from 'i18next'
import type { RowAction } from '../../../../schemas/widgets.ts'
import { ACTIONS_MENU_KEY, rowActionsShown, type Row } from '../lib/tableModel.ts'

/**
 * A row's actions: up to two as buttons, more in one menu (Mantine's: arrows move, Escape closes and gives the focus back), each
 * labelled in the page's language. The menu opens on the body, as a row's cell clips what overflows it.
 */
export function RowActions ({ actions, row, t, onAction, size = 'compact-xs' }: { actions: readonly RowAction[], row: Row, t: TFunction, onAction: (a: RowAction, row: Row) => void, size?: 'compact-xs' | 'xs' }) {
  const { buttons, menu } = rowActionsShown(actions, row)
  if (menu.length > 0) {
    return (
      <Menu position='bottom-end' shadow='md' loop withinPortal>
        <Menu.Target>
          <Button size={size} variant='light' className='rr-row-action rr-menu-button'>{t(ACTIONS_MENU_KEY)}<span aria-hidden='true'>&nbsp;▾</span></Button>
        </Menu.Target>
        <Menu.Dropdown>
          {menu.map((a) => <Menu.Item key={a.id} onClick={() => onAction(a, row)}>{t(a.labelKey)}</Menu.Item>)}
        </Menu.Dropdown>
      </Menu>
    )
  }
  return <>{buttons.map((a) => <Button key={a.id} size={size} variant='light' className='rr-row-action' onClick={() => onAction(a, row)}>{t(a.labelKey)}</Button>)}</>
}
