import { useTranslation } from 'react-i18next'
import type { PageDescriptor } from '../../../schemas/widgets.ts'
import { useRenderer } from './context.tsx'
import { renderWidget } from './registry.ts'
import { WidgetSlotProvider } from './WidgetSlot.tsx'
import { PageHeader } from './shared/PageHeader.tsx'
import { Breadcrumb } from './shared/Breadcrumb.tsx'
import './renderers.css'

/** One page from its descriptor: header (title, Back, actions), breadcrumb, then each widget through the registry. */
export function PageRenderer ({ page }: { page: PageDescriptor }) {
  const { t } = useTranslation()
  const { navigate } = useRenderer()
  const actions = (page.actions ?? []).map((a) => a.kind === 'print'
    ? <button key={a.id} type='button' onClick={() => window.print()}>{t(a.labelKey)}</button>
    : <a key={a.id} href={a.to} onClick={(e) => { e.preventDefault(); navigate(a.to) }}>{t(a.labelKey)}</a>)
  return (
    <WidgetSlotProvider value={renderWidget}>
      <article className='rr-page' data-page={page.path}>
        <PageHeader title={t(page.titleKey)} back={page.back} right={actions} />
        <Breadcrumb crumbs={page.breadcrumb ?? []} />
        {page.widgets.map((w) => <div key={w.id} className='rr-widget'>{renderWidget(w)}</div>)}
      </article>
    </WidgetSlotProvider>
  )
}
