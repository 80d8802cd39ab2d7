import { useSearchParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { maintenanceTime } from '../../lib/format.ts'

/** /maintenance: the end time in GMT+8 (or null) in English and Chinese; the status poll reloads to /login when it ends. */
export function MaintenancePage () {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const time = maintenanceTime(params.get('t'))
  return (
    <main className='maintenance'>
      <h1>{t('maintenance.title')}</h1>
      <p lang='en' data-testid='maintenance-en'>Web is under maintenance, please try again later at {time} (GMT +8). This page will auto load website when maintenance is done.</p>
      <p lang='zh' data-testid='maintenance-zh'>网站正在维护中，请于 {time}（GMT +8）后再试。维护完成后本页面将自动载入网站。</p>
    </main>
  )
}
