import { toFieldPathId, type FieldTemplateProps } from '@rjsf/utils'
import { Input } from '@mantine/core'
import { templateDrawsLabel } from '../lib/formIds.ts'

/**
 * Every form field drawn in the component library's look: Mantine's label and description beside the control, in a two-column grid
 * (form.css) so labels line up whatever their length; the control, its errors (rjsf's error list, restyled) and help below each other.
 * A field that labels itself (a checkbox, whose widget prints its label beside the box; the bet lines) gets no second label.
 */
export function FieldTemplate ({ id, classNames, style, label, displayLabel, required, rawDescription, rawErrors, errors, help, hidden, children, schema, fieldPathId, registry }: FieldTemplateProps) {
  if (hidden) return <div className='hidden'>{children}</div>
  // The form itself (and any group of fields) lays out its own fields.
  // rjsf's own group classes stay (form-group, has-error), as its default template writes them.
  const group = `form-group ${classNames ?? ''}${rawErrors && rawErrors.length > 0 ? ' has-error has-danger' : ''}`
  if (schema.type === 'object') return <div className={group} style={style}>{children}{errors}{help}</div>
  const labelled = templateDrawsLabel(schema.type, displayLabel, label)
  // A multiple choice's control gets rjsf's own id for its path (<prefix>_Groups_0_UserIds inside a repeating group), which the label must name.
  const control = schema.type === 'array' ? toFieldPathId('', registry.globalFormOptions, fieldPathId, true).$id : id
  return (
    <div className={`${group} rr-field${labelled ? '' : ' rr-field--unlabelled'}`} style={style}>
      {labelled && <Input.Label className='rr-field__label' htmlFor={control} required={required}>{label}</Input.Label>}
      <div className='rr-field__control'>
        {children}
        {labelled && rawDescription && <Input.Description className='rr-field__description'>{rawDescription}</Input.Description>}
        {errors}
        {help}
      </div>
    </div>
  )
}
