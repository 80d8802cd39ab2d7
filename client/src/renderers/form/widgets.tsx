import type { WidgetProps, RegistryWidgetsType } from '@rjsf/utils'
import type { FormField } from '../../../../schemas/widgets.ts'
import { DateInput } from '../controls/DateInput.tsx'
import { UserSelect } from '../controls/UserSelect.tsx'
import { DrawDateSelect } from '../controls/DrawDateSelect.tsx'
import { StepInput } from '../controls/StepInput.tsx'
import { stepRule, type StepKind } from '../lib/steps.ts'
import { typedRule } from '../lib/formUnits.ts'
import { DataChoices, DataSelect } from './DataChoice.tsx'

const fieldOf = (p: WidgetProps) => p.options.descriptor as FormField
const invalid = (p: WidgetProps) => (p.rawErrors?.length ?? 0) > 0

function stepWidget (kind: StepKind) {
  return function StepWidget (p: WidgetProps) {
    const field = fieldOf(p)
    const rule = typedRule(field, stepRule(kind, field.game ?? (p.options.game === 'tt' ? 'tt' : '4d')))
    const input = <StepInput id={p.id} rule={rule} value={p.value as number | undefined} label={p.label} invalid={invalid(p)} onChange={(v) => p.onChange(v)} onBlur={() => p.onBlur(p.id, p.value)} />
    // A percent field says its unit beside the number, as the tables show shares.
    return field.unit === 'percent' ? <span className='rr-step-unit'>{input}<span aria-hidden='true'>%</span></span> : input
  }
}

/** What the form gives its widgets: the chosen files, kept outside rjsf's data (which holds only their names). */
export interface FormContext { files: Map<string, File> }

/** A file input: the File goes to the form's file store, the data holds its name (so required works as for text). */
function FileWidget (p: WidgetProps) {
  const name = fieldOf(p).name
  const files = (p.registry.formContext as FormContext).files
  return (
    <input
      id={p.id} type='file' aria-label={p.label} aria-invalid={invalid(p) || undefined}
      onChange={(e) => {
        const file = e.target.files?.[0]
        if (file) files.set(name, file)
        else files.delete(name)
        p.onChange(file?.name)
      }}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  )
}

/** The custom rjsf widgets: share, commission, tax, date text, user and draw-date drop-downs, file, choices from data. */
export const customWidgets: RegistryWidgetsType = {
  share: stepWidget('share'),
  commission: stepWidget('commission'),
  tax: stepWidget('tax'),
  dateText: (p: WidgetProps) => <DateInput id={p.id} value={p.value as string | undefined} label={p.label} invalid={invalid(p)} onChange={(v) => p.onChange(v)} onBlur={() => p.onBlur(p.id, p.value)} />,
  userSelect: (p: WidgetProps) => <UserSelect id={p.id} binding={fieldOf(p).data} value={p.value as string | undefined} label={p.label} invalid={invalid(p)} onChange={(v) => p.onChange(v)} onBlur={() => p.onBlur(p.id, p.value)} />,
  fileInput: FileWidget,
  dataSelect: DataSelect,
  dataChoices: DataChoices,
  drawDate: (p: WidgetProps) => <DrawDateSelect id={p.id} binding={fieldOf(p).data} value={p.value as string | undefined} label={p.label} invalid={invalid(p)} onChange={(v) => p.onChange(v)} onBlur={() => p.onBlur(p.id, p.value)} />
}
