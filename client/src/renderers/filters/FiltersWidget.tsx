import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { FiltersWidget as FiltersDescriptor, FormField } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'
import { resolveSource } from '../lib/binding.ts'
import { firstInvalid, validateForm, type FormData, type FormErrors } from '../lib/formRules.ts'
import { stepRule } from '../lib/steps.ts'
import { DateInput } from '../controls/DateInput.tsx'
import { UserSelect } from '../controls/UserSelect.tsx'
import { DrawDateSelect } from '../controls/DrawDateSelect.tsx'
import { StepInput } from '../controls/StepInput.tsx'
import { FilterSelect } from './FilterSelect.tsx'
import { filterSummary } from '../lib/filterSummary.ts'
import { withOwnFilters } from '../lib/filterApply.ts'

/** Report filters drawn with plain controls (no form library on report pages); Apply hands the values to bound widgets. On a phone they fold behind a Filters button naming the filters in force, so the data is on the first screen. */
export function FiltersWidget ({ widget }: { widget: FiltersDescriptor }) {
  const { t } = useTranslation()
  const { applyFilters, session, query, filters, mobile } = useRenderer()
  const [open, setOpen] = useState(false)
  const bodyId = useId()
  const [values, setValues] = useState<FormData>(() => {
    const initial: FormData = {}
    for (const f of widget.fields) {
      const v = f.defaultFrom ? resolveSource(f.defaultFrom, { filters, query, session }) : f.default
      if (v !== undefined) initial[f.name] = v
    }
    return initial
  })
  const [errors, setErrors] = useState<FormErrors>({})
  // Defaults apply at once so bound tables load with them.
  const initial = useRef(values)
  const appliedDefaults = useRef(false)
  // Only this widget's fields are replaced: another filters widget's values on the page stay (withOwnFilters).
  const ownNames = widget.fields.map((f) => f.name)
  const applyOwn = (own: FormData) => applyFilters((current) => withOwnFilters(current, ownNames, own))
  useEffect(() => {
    if (appliedDefaults.current || Object.keys(initial.current).length === 0) return
    appliedDefaults.current = true
    applyOwn(initial.current)
  }, [applyFilters])
  // Fields that default from the route query follow it: a drill-down link (same page, new query) or Back re-applies them.
  const queryBound = widget.fields.filter((f) => f.defaultFrom?.from === 'query')
  const queryKey = JSON.stringify(queryBound.map((f) => f.defaultFrom?.from === 'query' ? query[f.defaultFrom.name] : undefined))
  const shownQuery = useRef(queryKey)
  useEffect(() => {
    if (shownQuery.current === queryKey) return
    shownQuery.current = queryKey
    const bound: FormData = {}
    for (const f of queryBound) bound[f.name] = f.defaultFrom ? resolveSource(f.defaultFrom, { filters, query, session }) : undefined
    setValues((prev) => ({ ...prev, ...bound }))
    applyFilters((current) => ({ ...current, ...bound }))
    // Only a change of the bound query values re-applies; the other values are read as they are then.
  }, [queryKey])
  const set = (name: string, v: unknown) => setValues((prev) => ({ ...prev, [name]: v }))
  const apply = () => {
    const found = validateForm(values, { fields: widget.fields, dateRanges: widget.dateRanges })
    setErrors(found)
    const first = firstInvalid(found, widget.fields)
    if (first) document.getElementById(`${widget.id}_${first}`)?.focus()
    else { applyOwn(values); setOpen(false) }
  }
  const control = (f: FormField) => {
    const id = `${widget.id}_${f.name}`
    const common = { id, label: t(f.labelKey), invalid: (errors[f.name]?.length ?? 0) > 0 }
    const v = values[f.name]
    switch (f.kind) {
      case 'date': return <DateInput {...common} value={v as string | undefined} onChange={(x) => set(f.name, x)} />
      case 'user': return <UserSelect {...common} binding={f.data} value={v as string | undefined} onChange={(x) => set(f.name, x)} />
      case 'drawDate': return <DrawDateSelect {...common} binding={f.data} value={v as string | undefined} onChange={(x) => set(f.name, x)} />
      case 'share': case 'commission': case 'tax': return <StepInput {...common} rule={stepRule(f.kind)} value={v as number | undefined} onChange={(x) => set(f.name, x)} />
      case 'checkbox': return <input id={id} type='checkbox' checked={v === true} onChange={(e) => set(f.name, e.target.checked)} />
      case 'select': return <FilterSelect id={id} field={f} value={String(v ?? '')} onChange={(x) => set(f.name, x)} />
      default: return <input id={id} type={f.kind === 'number' ? 'number' : 'text'} value={String(v ?? '')} onChange={(e) => set(f.name, e.target.value)} />
    }
  }
  const body = (
    <>
      {widget.fields.map((f) => (
        <div key={f.name} className='rr-filter'>
          <label htmlFor={`${widget.id}_${f.name}`}>{t(f.labelKey)}</label>
          {control(f)}
          {errors[f.name]?.map((e) => <span key={e.key} className='rr-field-error' role='alert'>{t(e.key, e.values)}</span>)}
        </div>
      ))}
      <button type='submit'>{t(widget.applyKey ?? 'renderers.apply')}</button>
    </>
  )
  const submit = (e: FormEvent) => { e.preventDefault(); apply() }
  if (!mobile) return <form className='rr-filters' data-widget-id={widget.id} data-print='hide' noValidate onSubmit={submit}>{body}</form>
  const summary = filterSummary(widget.fields, filters, t).join(' · ')
  return (
    <form className='rr-filters-fold' data-widget-id={widget.id} data-print='hide' noValidate onSubmit={submit}>
      <button type='button' className='rr-filters-toggle' aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
        <span className='rr-filters-name'>{t('renderers.filters.toggle')}</span>
        {summary !== '' && <span className='rr-filters-summary'>{summary}</span>}
      </button>
      {/* Hidden, not removed: the fields keep their values and the defaults still apply at once. */}
      <div id={bodyId} className='rr-filters' hidden={!open}>{body}</div>
    </form>
  )
}
