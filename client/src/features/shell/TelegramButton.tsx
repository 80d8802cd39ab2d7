import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/Dialog.tsx'

/** The Telegram button of the header: a QR code that opens the betting bot. */
export function TelegramButton ({ bot }: { bot: string }) {
  const { t } = useTranslation()
  const [qr, setQr] = useState('')
  const [open, setOpen] = useState(false)
  const name = bot.replace(/^@/, '')
  const close = useCallback(() => setOpen(false), [])
  async function show () {
    setOpen(true)
    if (!qr) {
      const { toDataURL } = await import('qrcode')
      setQr(await toDataURL(`https://t.me/${name}`, { width: 200, margin: 1 }))
    }
  }
  return (
    <>
      <button type='button' className='header__telegram' onClick={show}>{t('shell.telegram')}</button>
      <Dialog open={open} title={t('shell.telegramTitle')} onClose={close} footer={<button type='button' onClick={close}>{t('app.close')}</button>}>
        {qr && <img src={qr} width={200} height={200} alt={`QR code: https://t.me/${name}`} data-testid='telegram-qr' />}
        <p>{t('shell.telegramScan', { bot: `@${name}` })}</p>
      </Dialog>
    </>
  )
}
