import { useTranslation } from 'react-i18next'
import type { SessionLocation } from '../../lib/api.ts'
import { changeLang, currentLang } from '../../lib/i18n.ts'

/** The location radio list (only the locations this user may use). */
export function LocationChoice ({ name, locations, current, onChange }: { name: string, locations: SessionLocation[], current: string, onChange: (locId: string) => void }) {
  const { t } = useTranslation()
  return (
    <fieldset className='choice'>
      <legend>{t('shell.location')}</legend>
      {locations.map((l) => (
        <label key={l.LocId}>
          <input type='radio' name={name} value={l.LocId} checked={l.LocId === current} onChange={() => onChange(l.LocId)} />
          {l.Loc || l.LocId}
        </label>
      ))}
    </fieldset>
  )
}

/** The language radio: English / 中文 (ch shows Chinese too). */
export function LanguageChoice ({ name }: { name: string }) {
  const { t, i18n } = useTranslation()
  const chinese = i18n.language !== 'en'
  return (
    <fieldset className='choice'>
      <legend>{t('shell.language')}</legend>
      <label><input type='radio' name={name} value='en' checked={!chinese} onChange={() => { changeLang('en') }} />English</label>
      <label lang='zh'><input type='radio' name={name} value='zh' checked={chinese} onChange={() => { changeLang(currentLang() === 'ch' ? 'ch' : 'zh') }} />中文</label>
    </fieldset>
  )
}
