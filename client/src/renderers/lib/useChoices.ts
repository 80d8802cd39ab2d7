// The options a call answers for a data-driven choice (a form's select or checkboxes, a filter's select).
import type { OptionsFrom } from '../../../../schemas/widgets.ts'
import { choiceOptions } from './choices.ts'
import { useData } from './useData.ts'

/** The options, with the loading, error or empty state as a note key to show beside the control. */
export function useChoices (from: OptionsFrom | undefined) {
  const state = useData<unknown>(from?.data)
  // Without optionsFrom nothing is read (useData stays loading and calls nothing): no options, no note, never busy.
  if (!from) return { options: [], note: undefined, busy: false }
  const options = state.status === 'ready' ? choiceOptions(state.data, from) : []
  const note = state.status === 'loading' ? 'renderers.loading' : state.status === 'error' ? 'renderers.options.error' : options.length === 0 ? 'renderers.noData' : undefined
  return { options, note, busy: state.status === 'loading' }
}
