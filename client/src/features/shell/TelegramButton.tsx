import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@mantine/core'
import { Dialog } from '../../components/Dialog.tsx'
import { SendIcon } from '../../components/icons.tsx'

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
      <Button className='header__telegram' variant='light' size='xs' leftSection={<SendIcon />} onClick={show}>{t('shell.telegram')}</Button>
      <Dialog open={open} title={t('shell.telegramTitle')} onClose={close} footer={<Button variant='default' onClick={close}>{t('app.close')}</Button>}>
        {qr && <img src={qr} width={200} height={200} alt={`QR code: https://t.me/${name}`} data-testid='telegram-qr' />}
        <p>{t('shell.telegramScan', { bot: `@${name}` })}</p>
      </Dialog>
    </>
  )
}
