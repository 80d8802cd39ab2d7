import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { repeatedReads, type ReadingWidget } from './lib/sharedReads.ts'

const RepeatedReads = createContext<ReadonlySet<string>>(new Set())

/** Tells each widget of a page whether an earlier one makes its call (and so already shows that call's failure). */
export function SharedReadsProvider ({ widgets, children }: { widgets: readonly ReadingWidget[], children: ReactNode }) {
  const repeats = useMemo(() => repeatedReads(widgets), [widgets])
  return <RepeatedReads.Provider value={repeats}>{children}</RepeatedReads.Provider>
}

/** Whether this widget's failed read is already shown above it on the page: one error, said once. */
export function useFailureShownAbove (widgetId: string): boolean {
  return useContext(RepeatedReads).has(widgetId)
}
