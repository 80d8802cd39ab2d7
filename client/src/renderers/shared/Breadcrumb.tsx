import { useTranslation } from 'react-i18next'
import type { Crumb } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'

/** The breadcrumb trail from the descriptor's route data; the last crumb is the current page. */
export function Breadcrumb ({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation()
  const { navigate } = useRenderer()
  if (crumbs.length === 0) return null
  return (
    <nav aria-label='breadcrumb' className='rr-breadcrumb' data-print='hide'>
      <ol>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1
          return (
            <li key={`${c.labelKey}-${i}`} aria-current={last ? 'page' : undefined}>
              {c.path && !last
                ? <a href={c.path} onClick={(e) => { e.preventDefault(); navigate(c.path!) }}>{t(c.labelKey)}</a>
                : t(c.labelKey)}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
