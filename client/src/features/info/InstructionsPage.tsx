import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { isTT, useSession } from '../../lib/session.tsx'

/** How to write a bet for the 4D games (seed 001 §5). */
function FourDFormat () {
  return (
    <div lang='en'>
      <p>Write: your ID, the day code, the numbers, then the amounts, separated by spaces. Example: <code>ALI 0 1234 1-2 5678r H-</code></p>
      <ul>
        <li>Day codes: 0 = Wed, Sat and Sun; 2 = Sat and Sun; 3 = Wed; 6 = Sat; 7 = Sun. Magnum: 0M, 2M, 3M, 6M, 7M; 9M = Tuesday special draw.</li>
        <li>Number suffixes: r = roll, i = iBet, k = kBet.</li>
        <li>Amounts: 1- = 1 big; H- = 0.5 big; 1H- = 1.5 big; Q- = 0.25 big; -1 = 1 small (whole numbers only); 1-2 = 1 big and 2 small.</li>
      </ul>
    </div>
  )
}

/** How to write a bet for TOTO (seed 001 §5). */
function TotoFormat () {
  return (
    <div lang='en'>
      <p>Write: your ID, the day code, the numbers in two-digit groups, then the ticket amount as -amount. Example: <code>ALI 1 010203040506 -1</code></p>
      <ul>
        <li>Day codes: 1 = Monday, 4 = Thursday.</li>
        <li>/ means roll; /2 to /7 are the system variants.</li>
        <li>Bet types: 2*, 3*, 4*, *2, *3, *4, TO, TE, TT.</li>
      </ul>
    </div>
  )
}

/** The SMS or Telegram instructions, 4D or TOTO by the location's TT flag. */
function Instructions ({ telegram }: { telegram: boolean }) {
  const { t } = useTranslation()
  const session = useSession()
  const sms = session.settings.sms
  const toto = isTT(session)
  return (
    <section className='page instructions'>
      <header className='page-header'><h1>{t(telegram ? 'sms.telegramTitle' : 'sms.title')} ({toto ? 'TOTO' : '4D'})</h1></header>
      <dl className='facts'>
        <div><dt>{t('sms.number')}</dt><dd>{sms?.SMSNumber || '-'}</dd></div>
        {telegram && <div><dt>{t('sms.bot')}</dt><dd>{sms?.TelegramBot || '-'}</dd></div>}
        <div><dt>{t('sms.open')}</dt><dd>{sms?.OpenTime || '-'}</dd></div>
        <div><dt>{t('sms.close')}</dt><dd>{sms?.CloseTime || '-'}</dd></div>
        <div><dt>{t('sms.days')}</dt><dd>{sms?.OpenDay || '-'}</dd></div>
        {sms?.SMSHelpdesk ? <div><dt>{t('sms.helpdesk')}</dt><dd>{sms.SMSHelpdesk}</dd></div> : null}
      </dl>
      <h2>{t('sms.format')}</h2>
      {toto ? <TotoFormat /> : <FourDFormat />}
      <ul lang='en'>
        <li>Send at most 10 number sets or 150 characters per message; more may or may not be accepted.</li>
        <li>The phone number must be registered on the site or in your profile; you may bet only for yourself or other IDs with registered numbers. Write international numbers without '+'; Singapore numbers include 65.</li>
        <li>Processing takes 5 to 15 minutes. With no reply after 15 minutes, check the website, then contact the help desk.</li>
      </ul>
      <p><Link to={`${telegram ? '/help/sms' : '/help/telegram'}?LocId=${encodeURIComponent(session.location.LocId)}`}>{t(telegram ? 'sms.smsLink' : 'sms.telegramLink')}</Link></p>
    </section>
  )
}

/** Betting by SMS. */
export function SmsInstructionsPage () {
  return <Instructions telegram={false} />
}

/** Betting by Telegram. */
export function TelegramInstructionsPage () {
  return <Instructions telegram />
}
