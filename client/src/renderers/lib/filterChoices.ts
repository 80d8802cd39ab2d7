// A filter select's fixed options: the empty choice (no filter) once, worded by the descriptor when it words it.
import type { FormField } from '../../../../schemas/widgets.ts'

type Options = NonNullable<FormField['options']>

/** The label key of the empty choice (the descriptor's option with value '', as "All series"; none: a blank choice) and the other options. */
export function filterChoices (options: Options | undefined): { emptyKey: string | undefined, rest: Options } {
  const empty = options?.find((o) => o.value === '')
  return { emptyKey: empty?.labelKey, rest: (options ?? []).filter((o) => o.value !== '') }
}
