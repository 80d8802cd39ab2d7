import { useTranslation } from 'react-i18next'
import { Badge, Burger, Button } from '@mantine/core'
import type { PublicBrand, SessionInfo } from '../../lib/api.ts'
import { clockText, countdownParts, drawWeekday, intlLocale } from '../../lib/format.ts'
import { Banner } from './Banner.tsx'
import { TelegramButton } from './TelegramButton.tsx'
import { useServerClock } from './useServerClock.ts'
import { LanguageChoice, LocationChoice } from './Choices.tsx'
import { useBrandFace } from '../../lib/brandFace.ts'
import { ClockIcon, HourglassIcon, LogoutIcon, UserIcon } from '../../components/icons.tsx'

interface HeaderProps {
  session: SessionInfo
  brand: PublicBrand | null
  banner: string[]
  menuOpen: boolean
  onToggleMenu: () => void
  onLocation: (locId: string) => void
  onLogout: () => void
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The app bar of seed 001 §2: logo, location and language as segmented controls, user, clock and draw countdown as badges, Telegram
 * and Logout; the announcement banner along its foot. The profile's top background image (VipTopBGImage) lies under it.
 */
export function Header ({ session, brand, banner, menuOpen, onToggleMenu, onLocation, onLogout }: HeaderProps) {
  const { t, i18n } = useTranslation()
  const { name, logo } = useBrandFace(brand)
  const locale = intlLocale(i18n.language)
  const now = useServerClock(session.settings.serverTime)
  const close = session.settings.closeDate
  const left = close ? countdownParts(Date.parse(close), now) : null
  const bot = session.settings.sms?.TelegramBot ?? ''
  return (
    <header className='header'>
      <div className='header__bar'>
        <Burger className='header__burger' color='var(--bo-header-fg)' size='sm' opened={menuOpen} aria-label={t('shell.toggleMenu')} aria-expanded={menuOpen} aria-controls='sidebar' onClick={onToggleMenu} />
        <div className='header__logo'>
          {logo ? <img src={logo.url} alt={name} height={44} style={{ height: 44, width: 'auto' }} /> : <span className='header__name'>{name}</span>}
        </div>
        <div className='header__choices'>
          <LocationChoice name='loc-header' locations={session.locations} current={session.location.LocId} onChange={onLocation} />
          <LanguageChoice name='lang-header' />
        </div>
        <div className='header__box'>
          <Badge className='header__badge' variant='light' size='lg' radius='sm' leftSection={<UserIcon />}>
            <span className='visually-hidden'>{t('shell.user')}: </span><strong data-testid='header-user'>{session.profile.UserId}</strong>
          </Badge>
          <Badge className='header__badge' variant='light' size='lg' radius='sm' leftSection={<ClockIcon />}>
            <span role='timer' aria-label={t('shell.clock')} data-testid='clock'>{clockText(now, locale)}</span>
          </Badge>
          <Badge className={`header__badge${left ? '' : ' header__badge--closed'}`} variant='light' size='lg' radius='sm' leftSection={<HourglassIcon />} data-testid='draw'>
            <span className='header__label'>{t('shell.draw')}:</span> {drawWeekday(close, locale)}{' '}
            <span data-testid='countdown'>{left ? `${left.d}${t('shell.days')} ${pad(left.h)}:${pad(left.m)}:${pad(left.s)}` : t('shell.closed')}</span>
          </Badge>
          <div className='header__actions'>
            {bot && <TelegramButton bot={bot} />}
            <Button className='header__logout' variant='white' size='xs' leftSection={<LogoutIcon />} onClick={onLogout}>{t('shell.logout')}</Button>
          </div>
        </div>
      </div>
      {banner.length > 0 && <Banner items={banner} label={t('shell.banner')} />}
    </header>
  )
}
