import { lazy, Suspense } from 'react'
import type { FormWidget as FormDescriptor } from '../../../../schemas/widgets.ts'
import { Spinner } from '../shared/Spinner.tsx'

// A failed chunk load (a new deployment replaced it) reloads the page, as the seed asks.
const RjsfForm = lazy(() => import('./RjsfForm.tsx').catch(() => {
  window.location.reload()
  return new Promise<never>(() => {})
}))

/** The form widget: the form library arrives in its own chunk the first time a form is shown. */
export function FormWidget ({ widget, prefill, onSent }: { widget: FormDescriptor, prefill?: Record<string, unknown>, onSent?: () => void }) {
  return <Suspense fallback={<Spinner />}><RjsfForm widget={widget} prefill={prefill} onSent={onSent} /></Suspense>
}
