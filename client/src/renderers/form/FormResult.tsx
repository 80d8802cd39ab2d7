import { useTranslation } from 'react-i18next'
import type { ShownSection } from '../lib/formAnswer.ts'

/** The parts of a call's answer under its form: a labelled list per section, each line a translated sentence (plain text, never HTML). */
export function FormResult ({ sections }: { sections: ShownSection[] }) {
  const { t } = useTranslation()
  return (
    <div className='rr-form-result' role='status'>
      {sections.map((s) => (
        <section key={s.labelKey + s.itemKey} className={`rr-result rr-result-${s.tone}`} data-tone={s.tone}>
          <h3>{t(s.labelKey)}</h3>
          <ul>{s.items.map((item, i) => <li key={i}>{t(s.itemKey, { ...item, interpolation: { escapeValue: false } })}</li>)}</ul>
        </section>
      ))}
    </div>
  )
}
