// Left-menu logic that does not render: where an item links to, and which item is current (the open group: schemas/domain/menu-trail.ts).
import type { MenuGroupView as MenuGroup, MenuItemView as MenuItem } from '../../../schemas/menu.ts'

/** The link of a menu item: its path with its query and LocId; stamp adds the timestamp that forces a reload. */
export function menuHref (item: MenuItem, locId: string, stamp?: number): string {
  if (item.external) return item.path
  const [path = '', inline = ''] = item.path.split('?')
  const params = new URLSearchParams(inline)
  for (const [k, v] of Object.entries(item.query ?? {})) params.set(k, String(v))
  params.set('LocId', locId)
  if (stamp !== undefined) params.set('_t', String(stamp))
  return `${path}?${params.toString()}`
}

/** Whether an item is the page shown at pathname. */
export function itemIsCurrent (item: MenuItem, pathname: string, search: string): boolean {
  if (item.external || item.action) return false
  const [path = '', inline = ''] = item.path.split('?')
  if (path !== pathname) return false
  const wanted = new URLSearchParams(inline)
  for (const [k, v] of Object.entries(item.query ?? {})) wanted.set(k, String(v))
  const here = new URLSearchParams(search)
  const choice = wanted.get('Choice')
  return choice === null || here.get('Choice') === choice
}

/** The menu item whose page is shown at pathname, if any. */
export function findItem (menu: MenuGroup[], pathname: string, search = ''): MenuItem | undefined {
  for (const group of menu) {
    const item = group.items.find((i) => itemIsCurrent(i, pathname, search))
    if (item) return item
  }
  return undefined
}
