import { Link, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'

/** /404: Page not found, with a way back and the Help Center. */
export function NotFoundPage () {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <main className='not-found'>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p className='actions'>
        <button type='button' onClick={() => navigate(-1)}>{t('notFound.back')}</button>
        <Link to='/help/sms'>{t('notFound.help')}</Link>
      </p>
    </main>
  )
}
