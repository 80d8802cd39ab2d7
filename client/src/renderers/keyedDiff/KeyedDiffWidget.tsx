import { useTranslation } from 'react-i18next'
import type { KeyedDiffWidget as KeyedDiffDescriptor } from '../../../../schemas/widgets.ts'
import { diffByFile, isChangeList, isImpact } from '../lib/keyedDiffModel.ts'
import { useData } from '../lib/useData.ts'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { Spinner } from '../shared/Spinner.tsx'
import { ImpactTable } from './ImpactTable.tsx'

/** The changes by file and key (before → after), then whom they affect per role and location when the descriptor binds an impact. */
export function KeyedDiffWidget ({ widget }: { widget: KeyedDiffDescriptor }) {
  const { t } = useTranslation()
  const state = useData<unknown>(widget.data)
  const title = widget.titleKey && <h2 className='rr-table-title'>{t(widget.titleKey)}</h2>
  const body = () => {
    if (state.status === 'loading') return <Spinner />
    if (state.status === 'error') return <CallErrorAlert error={state.error} />
    // A binding still waiting for its route value or a required parameter: nothing to compare yet.
    if (state.data === undefined) return null
    const files = isChangeList(state.data) ? diffByFile(state.data) : []
    if (files.length === 0) return <p className='rr-empty'>{t('common.keyedDiff.none')}</p>
    return files.map(({ file, rows }) => (
      <table key={file} className='rr-keyed-diff-table'>
        <caption>{file}</caption>
        <thead>
          <tr>
            <th scope='col'>{t('common.keyedDiff.where')}</th>
            <th scope='col'>{t('common.keyedDiff.kind')}</th>
            <th scope='col'>{t('common.keyedDiff.before')}</th>
            <th scope='col'>{t('common.keyedDiff.after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-kind={row.kind}>
              <th scope='row'><code>{row.where || t('common.configFile.whole')}</code></th>
              <td>{t(`common.keyedDiff.kinds.${row.kind}`)}</td>
              <td className='rr-keyed-diff-before'><code>{row.before}</code></td>
              <td className='rr-keyed-diff-after'><code>{row.after}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
    ))
  }
  return (
    <section className='rr-keyed-diff' data-widget-id={widget.id}>
      {title}
      {body()}
      {widget.impact && <Impact widget={widget} />}
    </section>
  )
}

/** The impact part: its own read (it resolves every user, so it may answer later than the diff). */
function Impact ({ widget }: { widget: KeyedDiffDescriptor }) {
  const { t } = useTranslation()
  const state = useData<unknown>(widget.impact)
  const title = widget.impactTitleKey && <h3 className='rr-table-title'>{t(widget.impactTitleKey)}</h3>
  if (state.status === 'loading') return <>{title}<Spinner /></>
  if (state.status === 'error') return <>{title}<CallErrorAlert error={state.error} /></>
  if (!isImpact(state.data)) return null
  return <>{title}<ImpactTable impact={state.data} /></>
}
