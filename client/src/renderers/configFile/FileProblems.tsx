import { useTranslation } from 'react-i18next'
import { problemPlace, type FileProblem, type ServerProblem } from '../lib/configFileModel.ts'

/** The problems of the text as typed, each at its JSON pointer (a polite status: it changes with every key press). */
export function TypedProblems ({ id, problems, schemaChecked }: { id: string, problems: FileProblem[], schemaChecked: boolean }) {
  const { t } = useTranslation()
  return (
    <div id={id} role='status' className='rr-config-file-check'>
      {problems.length === 0
        ? <p>{t(schemaChecked ? 'common.configFile.valid' : 'common.configFile.schemaLoading')}</p>
        : (
          <>
            <p>{t('common.configFile.problems')}</p>
            <ul className='rr-config-file-problems'>
              {problems.map((problem, i) => (
                <li key={`${problem.pointer}/${i}`}>
                  {problem.kind !== 'syntax' && <><code>{problem.pointer === '' ? t('common.configFile.whole') : problem.pointer}</code>{' '}</>}
                  {t(`common.configFile.problem.${problem.kind}`, problem.values)}
                </li>
              ))}
            </ul>
          </>
          )}
    </div>
  )
}

/** The service's refusal of a save: every problem of the config it would have made, at file#pointer (nothing was saved). */
export function RefusedProblems ({ problems }: { problems: ServerProblem[] }) {
  const { t } = useTranslation()
  return (
    <div role='alert' className='rr-alert rr-alert-error'>
      <p>{t('common.configFile.refused')}</p>
      <ul className='rr-config-file-problems'>
        {problems.map((problem, i) => <li key={i}><code>{problemPlace(problem)}</code>: {problem.message}</li>)}
      </ul>
    </div>
  )
}
