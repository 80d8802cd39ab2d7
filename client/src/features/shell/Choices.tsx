import { useTranslation } from 'react-i18next'
import type { SessionLocation } from '../../lib/api.ts'
import { changeLang, currentLang } from '../../lib/i18n.ts'

interface Option { value: string, label: string, lang?: string }

/**
 * A compact segmented control on native radios: each option is a pill whose radio covers it (transparent), so a click, the arrow
 * keys and a screen reader all work as on any radio group; the legend names the group for assistive technology only.
 */
function SegmentedChoice ({ legend, name, options, current, onChange }: { legend: string, name: string, options: Option[], current: string, onChange: (value: string) => void }) {
  return (
    <fieldset className='choice'>
      <legend className='visually-hidden'>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className='choice__option' lang={o.lang}>
          <input type='radio' name={name} value={o.value} checked={o.value === current} onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  )
}

/** The location choice (only the locations this user may use). */
export function LocationChoice ({ name, locations, current, onChange }: { name: string, locations: SessionLocation[], current: string, onChange: (locId: string) => void }) {
  const { t } = useTranslation()
  // Each location in the user's language (common.locationName, by LocId); one the catalogue does not name shows the game API's name.
  const options = locations.map((l) => ({ value: l.LocId, label: t(`common.locationName.${l.LocId}`, { defaultValue: l.Loc || l.LocId }) }))
  return <SegmentedChoice legend={t('shell.location')} name={name} options={options} current={current} onChange={onChange} />
}

/** The language choice: English / 中文 (ch shows Chinese too). */
export function LanguageChoice ({ name }: { name: string }) {
  const { t, i18n } = useTranslation()
  const options = [{ value: 'en', label: 'English' }, { value: 'zh', label: '中文', lang: 'zh' }]
  const onChange = (value: string) => { changeLang(value === 'en' ? 'en' : currentLang() === 'ch' ? 'ch' : 'zh') }
  return <SegmentedChoice legend={t('shell.language')} name={name} options={options} current={i18n.language === 'en' ? 'en' : 'zh'} onChange={onChange} />
}
