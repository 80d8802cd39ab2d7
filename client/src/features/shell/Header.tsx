import { useTranslation } from 'react-i18next'
import type { PublicBrand, SessionInfo } from '../../lib/api.ts'
import { clockText, countdownParts, drawWeekday, intlLocale } from '../../lib/format.ts'
import { Banner } from './Banner.tsx'
import { TelegramButton } from './TelegramButton.tsx'
import { useServerClock } from './useServerClock.ts'
import { LanguageChoice, LocationChoice } from './Choices.tsx'
import { useBrandFace } from '../../lib/brandFace.ts'

interface HeaderProps {
  session: SessionInfo
  brand: PublicBrand | null
  bannerText: string
  menuOpen: boolean
  onToggleMenu: () => void
  onLocation: (locId: string) => void
  onLogout: () => void
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The header of seed 001 §2: logo, location and language, user id, clock, draw weekday and countdown, banner, Telegram, Logout. */
export function Header ({ session, brand, bannerText, menuOpen, onToggleMenu, onLocation, onLogout }: HeaderProps) {
  const { t, i18n } = useTranslation()
  const { name, logo } = useBrandFace(brand)
  const locale = intlLocale(i18n.language)
  const now = useServerClock(session.settings.serverTime)
  const close = session.settings.closeDate
  const left = close ? countdownParts(Date.parse(close), now) : null
  const bot = session.settings.sms?.TelegramBot ?? ''
  const background = session.theme.VipTopBGImage ? { backgroundImage: `url("${session.theme.VipTopBGImage.replace(/"/g, '')}")` } : undefined
  return (
    <header className='header' style={background}>
      <button type='button' className='header__burger' aria-label={t('shell.toggleMenu')} aria-expanded={menuOpen} aria-controls='sidebar' onClick={onToggleMenu}>☰</button>
      <div className='header__logo'>
        {logo ? <img src={logo.url} alt={name} height={56} style={{ height: 56, width: 'auto' }} /> : <span className='header__name'>{name}</span>}
      </div>
      <div className='header__choices'>
        <LocationChoice name='loc-header' locations={session.locations} current={session.location.LocId} onChange={onLocation} />
        <LanguageChoice name='lang-header' />
      </div>
      <div className='header__box'>
        <div><span className='header__label'>{t('shell.user')}:</span> <strong data-testid='header-user'>{session.profile.UserId}</strong></div>
        <div aria-label={t('shell.clock')} data-testid='clock'>{clockText(now, locale)}</div>
        <div data-testid='draw'>
          <span className='header__label'>{t('shell.draw')}:</span> {drawWeekday(close, locale)}{' '}
          <span data-testid='countdown'>{left ? `${left.d}${t('shell.days')} ${pad(left.h)}:${pad(left.m)}:${pad(left.s)}` : t('shell.closed')}</span>
        </div>
        <div className='header__actions'>
          {bot && <TelegramButton bot={bot} />}
          <button type='button' className='header__logout' onClick={onLogout}>{t('shell.logout')}</button>
        </div>
      </div>
      {bannerText && <Banner text={bannerText} label={t('shell.banner')} />}
    </header>
  )
}
