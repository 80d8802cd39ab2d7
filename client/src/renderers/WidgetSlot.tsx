import { createContext, useContext, type ReactNode } from 'react'
import type { LeafWidget } from '../../../schemas/widgets.ts'

// Containers (tabs, access gate) draw their children through this, so they need not import the registry that imports them.
const SlotContext = createContext<((widget: LeafWidget) => ReactNode) | null>(null)

/** Provided by the page renderer: how to draw one widget. */
export const WidgetSlotProvider = SlotContext.Provider

/** Draws the given child widgets in order. */
export function WidgetList ({ widgets }: { widgets: readonly LeafWidget[] }) {
  const render = useContext(SlotContext)
  if (!render) throw new Error('WidgetList must be inside a page renderer.')
  return <>{widgets.map((w) => <div key={w.id} className='rr-widget'>{render(w)}</div>)}</>
}
