import { useTranslation } from 'react-i18next'

/** /admin/installation-guide: installing the mobile app on Android and iOS. */
export function InstallationGuidePage () {
  const { t } = useTranslation()
  return (
    <section className='page'>
      <header className='page-header'><h1>{t('guide.title')}</h1></header>
      <h2>{t('guide.android')}</h2>
      <ol>
        <li>{t('guide.android1')}</li>
        <li>{t('guide.android2')}</li>
        <li>{t('guide.android3')}</li>
      </ol>
      <h2>{t('guide.ios')}</h2>
      <ol>
        <li>{t('guide.ios1')}</li>
        <li>{t('guide.ios2')}</li>
      </ol>
    </section>
  )
}
