// Where a page sits in one user's menu: the item of its path (or of its nearest ancestor path, for a route parameter or
// a drill-down such as /admin/agents/:UserId) and that item's group. The open menu group and the breadcrumb both follow it.
import type { MenuGroupView, MenuItemView } from '../menu.ts'

/** The group and item holding a page; item.path is the page's own path or an ancestor of it. */
export interface MenuTrail { group: MenuGroupView, item: MenuItemView }

const pathOf = (item: MenuItemView) => item.path.split('?')[0] ?? ''

/** The menu item (and its group) holding path: the longest item path equal to it or an ancestor of it; among equals the first in menu order (Share Claim Company, in Report and Control, belongs to Report). */
export function menuTrail (menu: readonly MenuGroupView[], path: string): MenuTrail | undefined {
  let best: MenuTrail | undefined
  let bestLength = -1
  for (const group of menu) {
    for (const item of group.items) {
      if (item.external === true || item.action !== undefined) continue
      const own = pathOf(item)
      if (own.length > bestLength && (own === path || path.startsWith(`${own}/`))) { best = { group, item }; bestLength = own.length }
    }
  }
  return best
}

/** The group the menu opens on path: the one holding its page, unless that item names another (opensGroup). */
export function openGroupKey (menu: readonly MenuGroupView[], path: string): string | undefined {
  const trail = menuTrail(menu, path)
  return trail ? trail.item.opensGroup ?? trail.group.key : undefined
}
