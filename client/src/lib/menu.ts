// Left-menu logic that does not render: which group is open for a URL, and where an item links to.
import type { MenuGroupView as MenuGroup, MenuItemView as MenuItem } from '../../../schemas/menu.ts'

/** The menu groups of spec/menu-rules.md, by their normalised names. */
export type GroupName = 'administration' | 'bet' | 'report' | 'control' | 'outset' | 'utilities' | 'sms' | 'smsgateway' | 'options'

/** The open group for a path ("Open group" of spec/menu-rules.md). */
export function openGroupFor (pathname: string): GroupName {
  const p = pathname
  if (p === '/admin/home' || p.startsWith('/admin/home/') || p.startsWith('/bet/') || p.startsWith('/tickets/')) return 'bet'
  if (p === '/admin' || p.startsWith('/admin/')) return 'administration'
  if (p.startsWith('/control/')) return 'control'
  if (p.startsWith('/report/')) return 'report'
  if (p.startsWith('/options/') || p.startsWith('/payOut') || p.startsWith('/announcement')) return 'options'
  if (p.startsWith('/sms/smsGateway')) return 'smsgateway'
  if (p.startsWith('/sms/')) return 'sms'
  if (p.startsWith('/outset/')) return 'outset'
  if (p.startsWith('/utilities/')) return 'utilities'
  return 'bet'
}

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Whether a group of the session's menu is the named one (by key, or by the last part of its label key). */
export function groupIs (group: MenuGroup, name: GroupName): boolean {
  const last = group.label.split('.').pop() ?? ''
  return normalise(group.key) === name || normalise(last) === name || normalise(group.label) === name
}

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
