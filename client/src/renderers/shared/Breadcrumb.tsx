import { useTranslation } from 'react-i18next'
import { titleKeyOf, type Crumb, type PageDescriptor } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'

/** One crumb as shown: a label key, or a value from the route (a drill-down's UserId) shown as it is. */
type ShownCrumb = Crumb | { text: string, path?: string }

/** The descriptor's breadcrumb; on a drill-down (its drillParam in the URL) the page's own crumb leads back to it undrilled and the value is one more crumb. */
function crumbsOf (page: PageDescriptor, query: Readonly<Record<string, string>>): ShownCrumb[] {
  const given = page.breadcrumb ?? []
  const titled = given[given.length - 1]
  // The page's own crumb says the title the query chose (Bets Out, not Bets In).
  const crumbs = titled !== undefined && 'labelKey' in titled && titled.labelKey === page.titleKey ? [...given.slice(0, -1), { ...titled, labelKey: titleKeyOf(page, query) }] : given
  const value = page.drillParam === undefined ? undefined : query[page.drillParam]
  const own = crumbs[crumbs.length - 1]
  if (value === undefined || value === '' || own === undefined) return crumbs
  return [...crumbs.slice(0, -1), { ...own, path: page.path }, { text: value }]
}

/** The breadcrumb trail from the descriptor's route data; the last crumb is the current page. */
export function Breadcrumb ({ page }: { page: PageDescriptor }) {
  const { t } = useTranslation()
  const { navigate, query } = useRenderer()
  const crumbs = crumbsOf(page, query)
  if (crumbs.length === 0) return null
  return (
    <nav aria-label={t('renderers.navigation.breadcrumb')} className='rr-breadcrumb' data-print='hide'>
      <ol>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1
          const label = 'text' in c ? c.text : t(c.labelKey)
          return (
            <li key={`${label}-${i}`} aria-current={last ? 'page' : undefined}>
              {c.path && !last
                ? <a href={c.path} onClick={(e) => { e.preventDefault(); navigate(c.path!) }}>{label}</a>
                : label}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
