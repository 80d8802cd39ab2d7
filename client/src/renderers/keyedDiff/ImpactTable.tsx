import { useTranslation } from 'react-i18next'
import type { ConfigImpact } from '../../../../schemas/config-impact.ts'
import { impactRows } from '../lib/keyedDiffModel.ts'

/** One list cell: each entry on its own line. */
function Lines ({ items }: { items: string[] }) {
  return <>{items.map((item) => <div key={item}><code>{item}</code></div>)}</>
}

/** Whom the changes affect, per role and location: who would see a change, and which menu items, pages and columns change for them. */
export function ImpactTable ({ impact }: { impact: ConfigImpact }) {
  const { t } = useTranslation()
  const rows = impactRows(impact.groups)
  const anyone = rows.some((r) => r.affected.length > 0)
  return (
    <>
      <p>{t('common.keyedDiff.examined', { examined: impact.users.examined, known: impact.users.known, live: impact.live })}</p>
      {!anyone && <p className='rr-empty'>{t('common.keyedDiff.nobody')}</p>}
      {rows.length > 0 && (
        <table className='rr-keyed-diff-table'>
          <thead>
            <tr>
              <th scope='col'>{t('common.role')}</th>
              <th scope='col'>{t('shell.location')}</th>
              <th scope='col'>{t('common.keyedDiff.affected')}</th>
              <th scope='col'>{t('common.keyedDiff.menu')}</th>
              <th scope='col'>{t('common.keyedDiff.pages')}</th>
              <th scope='col'>{t('renderers.table.columns')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-affected={row.affected.length > 0}>
                <th scope='row'>{row.Role}</th>
                <td>{row.tt ? t('common.keyedDiff.locationTt', { LocId: row.LocId }) : row.LocId}</td>
                <td>{row.affected.length === 0 ? t('common.keyedDiff.noneOf', { users: row.users }) : t('common.keyedDiff.someOf', { count: row.affected.length, users: row.users, names: row.affected.join(', ') })}</td>
                <td><Lines items={row.menu} /></td>
                <td><Lines items={row.pages} /></td>
                <td><Lines items={row.columns} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}
