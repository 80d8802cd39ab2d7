import { useTranslation } from 'react-i18next'

/** What keeps a form editor from saving, in words (a polite status: it changes as the operator types). */
export function FormProblems ({ problems }: { problems: string[] }) {
  const { t } = useTranslation()
  return (
    <div role='status' className='rr-config-file-check'>
      {problems.length > 0 && (
        <>
          <p>{t('common.configForm.problems')}</p>
          <ul className='rr-config-file-problems'>{problems.map((text, i) => <li key={i}>{text}</li>)}</ul>
        </>
      )}
    </div>
  )
}
