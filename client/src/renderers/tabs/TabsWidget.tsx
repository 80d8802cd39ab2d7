import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TabsWidget as TabsDescriptor } from '../../../../schemas/widgets.ts'
import { WidgetList } from '../WidgetSlot.tsx'

/** Tabs with their panes; only the open pane is drawn (and loads its data). */
export function TabsWidget ({ widget }: { widget: TabsDescriptor }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(widget.tabs[0]?.id)
  const pane = widget.tabs.find((tab) => tab.id === open) ?? widget.tabs[0]
  return (
    <section className='rr-tabs' data-widget-id={widget.id}>
      <div role='tablist'>
        {widget.tabs.map((tab) => (
          <button key={tab.id} type='button' role='tab' id={`${widget.id}-tab-${tab.id}`} aria-selected={tab.id === pane?.id} aria-controls={`${widget.id}-pane`} onClick={() => setOpen(tab.id)}>
            {t(tab.labelKey)}
          </button>
        ))}
      </div>
      {pane && <div role='tabpanel' id={`${widget.id}-pane`} aria-labelledby={`${widget.id}-tab-${pane.id}`}><WidgetList key={pane.id} widgets={pane.widgets} /></div>}
    </section>
  )
}
