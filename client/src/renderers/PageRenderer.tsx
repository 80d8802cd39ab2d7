import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { titleKeyOf, type FormAction, type PageDescriptor } from '../../../schemas/widgets.ts'
import { ScopeProvider, useRenderer } from './context.tsx'
import { CallButton } from './actions/CallButton.tsx'
import { DownloadButton } from './actions/DownloadButton.tsx'
import { FormDialog } from './actions/FormDialog.tsx'
import { renderWidget } from './registry.ts'
import { WidgetSlotProvider } from './WidgetSlot.tsx'
import { SharedReadsProvider } from './SharedReads.tsx'
import { PageHeader } from './shared/PageHeader.tsx'
import { Breadcrumb } from './shared/Breadcrumb.tsx'
import '../components/theme/components.css'
import './renderers.css'

/** One page from its descriptor: header (title, Back, actions: links, print, call buttons, dialog forms, downloads), breadcrumb, then each widget through the registry; its route values reach the bindings. */
function PageContent ({ page }: { page: PageDescriptor }) {
  const { t } = useTranslation()
  const { navigate, query } = useRenderer()
  const [dialog, setDialog] = useState<FormAction | null>(null)
  const closeDialog = useCallback(() => setDialog(null), [])
  const actions = (page.actions ?? []).map((a) => {
    if (a.kind === 'print') return <button key={a.id} type='button' onClick={() => window.print()}>{t(a.labelKey)}</button>
    if (a.kind === 'call') return <CallButton key={a.id} action={a} />
    if (a.kind === 'download') return <DownloadButton key={a.id} action={a} />
    if (a.kind === 'form') return <button key={a.id} type='button' aria-haspopup='dialog' onClick={() => setDialog(a)}>{t(a.labelKey)}</button>
    return <a key={a.id} href={a.to} onClick={(e) => { e.preventDefault(); navigate(a.to) }}>{t(a.labelKey)}</a>
  })
  return (
    <WidgetSlotProvider value={renderWidget}>
      <article className='rr-page' data-page={page.path}>
        <PageHeader title={t(titleKeyOf(page, query))} back={page.back} right={actions} />
        <Breadcrumb page={page} />
        <SharedReadsProvider widgets={page.widgets}>
          {page.widgets.map((w) => <div key={w.id} className='rr-widget'>{renderWidget(w)}</div>)}
        </SharedReadsProvider>
        {dialog && <FormDialog action={dialog} onClose={closeDialog} />}
      </article>
    </WidgetSlotProvider>
  )
}

/** The page inside its route scope: { from: 'route' } parameters of its widgets and actions read the descriptor's route values. */
export function PageRenderer ({ page }: { page: PageDescriptor }) {
  return <ScopeProvider route={page.route}><PageContent page={page} /></ScopeProvider>
}
