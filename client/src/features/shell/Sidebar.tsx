import { useEffect, useState, type MouseEvent } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { Button } from '@mantine/core'
import type { MenuItem, SessionInfo } from '../../lib/api.ts'
import { intlLocale, money } from '../../lib/format.ts'
import { itemIsCurrent, menuHref } from '../../lib/menu.ts'
import { openGroupKey } from '../../../../schemas/domain/menu-trail.ts'
import { LanguageChoice, LocationChoice } from './Choices.tsx'

interface SidebarProps {
  session: SessionInfo
  collapsed: boolean
  newLayout: boolean
  mobile: boolean
  onToggleCollapsed: () => void
  onNavigate: () => void
  onLocation: (locId: string) => void
  onLogout: () => void
  onNewLayout: () => void
}

/** The 150 px left menu: chevron toggle, member info, the session's menu with the open group holding the current page. */
export function Sidebar ({ session, collapsed, newLayout, mobile, onToggleCollapsed, onNavigate, onLocation, onLogout, onNewLayout }: SidebarProps) {
  const { t, i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  // The open group is the one holding the current page, as its breadcrumb says; a page outside the menu leaves it as it is.
  const [open, setOpen] = useState<string | null>(() => openGroupKey(session.menu, pathname) ?? null)
  useEffect(() => { setOpen((current) => openGroupKey(session.menu, pathname) ?? current) }, [pathname, session.menu])
  const locId = session.location.LocId

  function follow (event: MouseEvent, item: MenuItem) {
    if (item.external) { onNavigate(); return }
    event.preventDefault()
    onNavigate()
    if (item.action === 'logout') { onLogout(); return }
    navigate(menuHref(item, locId, Date.now()))
  }

  return (
    <aside id='sidebar' className={`sidebar ${session.theme.VipLeftCss ? `theme-left-${session.theme.VipLeftCss}` : ''}`}>
      <button type='button' className='sidebar__chevron' aria-label={t('shell.toggleMenu')} aria-expanded={!collapsed} onClick={onToggleCollapsed}>
        <span aria-hidden='true'>{collapsed ? '»' : '«'}</span>
      </button>
      {!collapsed && (
        <>
          <section className='member-info' aria-label={t('shell.memberInfo')}>
            <dl>
              <div><dt>{t('shell.credit')}</dt><dd data-testid='credit'>{money(session.profile.Credit, session.settings.currency, locale)}</dd></div>
              <div><dt>{t('shell.accBal')}</dt><dd data-testid='accbal'>{money(session.profile.AccBal, session.settings.currency, locale)}</dd></div>
              <div><dt>{t('shell.creditLeft')}</dt><dd data-testid='creditleft'>{money(session.profile.CreditLeft, session.settings.currency, locale)}</dd></div>
            </dl>
          </section>
          {mobile && (
            <section className='sidebar__mobile'>
              <LocationChoice name='loc-mobile' locations={session.locations} current={locId} onChange={onLocation} />
              <LanguageChoice name='lang-mobile' />
              <Button variant='default' size='xs' onClick={onLogout}>{t('shell.logout')}</Button>
              {!newLayout && <Button variant='default' size='xs' onClick={onNewLayout}>{t('shell.switchLayout')}</Button>}
            </section>
          )}
          <nav aria-label={t('shell.menu')} className='menu'>
            <ul>
              {session.menu.map((group) => {
                const expanded = !newLayout || open === group.key
                return (
                  <li key={group.key} className='menu__group'>
                    <button type='button' className='menu__group-button' aria-expanded={expanded} aria-controls={`menu-${group.key}`} onClick={() => setOpen(open === group.key ? null : group.key)}>
                      {t(group.label)}
                    </button>
                    <ul id={`menu-${group.key}`} hidden={!expanded}>
                      {group.items.map((item) => (
                        <li key={item.key}>
                          <a
                            href={menuHref(item, locId)}
                            onClick={(e) => follow(e, item)}
                            aria-current={itemIsCurrent(item, pathname, search) ? 'page' : undefined}
                            {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                          >{t(item.label)}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </li>
                )
              })}
            </ul>
          </nav>
        </>
      )}
    </aside>
  )
}
