// Loaded lazily (see FormWidget): react-jsonschema-form and ajv stay out of the first-load bundle.
import { useMemo, useRef, useState } from 'react'
import Form from '@rjsf/core'
import validator from '@rjsf/validator-ajv8'
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils'
import { useTranslation } from 'react-i18next'
import type { FormWidget } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'
import { resolveParams, resolveSource, withQuery } from '../lib/binding.ts'
import { firstInvalid, revalidate, validateForm, type FormData, type FormErrors, type FormRuleContext } from '../lib/formRules.ts'
import { blankRows } from '../lib/formLines.ts'
import { toRjsf } from '../lib/formSchema.ts'
import { resultSections } from '../lib/formAnswer.ts'
import { fileFields, submitPayload, successValues, toMultipart } from '../lib/formSubmit.ts'
import type { CallError } from '../lib/errors.ts'
import { Alert } from '../shared/Alert.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { customWidgets, type FormContext } from './widgets.tsx'
import { LinesField } from './LinesField.tsx'
import { FormResult } from './FormResult.tsx'

const fieldName = (id: string | undefined) => id?.replace(/^root_/, '')
const customFields = { lines: LinesField }

/** Our errors as rjsf's error tree: a line cell's key <group>.<row>.<cell> becomes nested. */
function errorTree (entries: Array<[string, string[]]>): ErrorSchema {
  const tree: Record<string, unknown> = {}
  for (const [name, messages] of entries) {
    let node = tree
    for (const part of name.split('.')) node = (node[part] ??= {}) as Record<string, unknown>
    node.__errors = messages
  }
  return tree as ErrorSchema
}

/** A descriptor form on rjsf: rules and messages are ours (translated), rjsf draws the fields. */
export default function RjsfForm ({ widget }: { widget: FormWidget }) {
  const { t } = useTranslation()
  const { call, session, query, filters, reloadAll, applyFilters } = useRenderer()
  const ctx = useMemo<FormRuleContext>(() => ({ fields: widget.fields, dateRanges: widget.dateRanges, game: widget.game, lines: widget.lines }), [widget])
  const { schema, uiSchema } = useMemo(() => toRjsf(widget.fields, t, widget.game, widget.lines), [widget, t])
  // Chosen files stay out of rjsf's data, which would copy them as plain objects.
  const [formContext] = useState<FormContext>(() => ({ files: new Map() }))
  const rjsfSchema: RJSFSchema = schema
  const [data, setData] = useState<FormData>(() => {
    const initial: FormData = {}
    for (const f of widget.fields) {
      const v = f.defaultFrom ? resolveSource(f.defaultFrom, { filters, query, session }) : f.default
      if (v !== undefined) initial[f.name] = v
    }
    if (widget.lines) initial[widget.lines.name] = blankRows(widget.lines)
    return initial
  })
  // The latest data for blur handlers, which can run in the same event as the change before React re-renders.
  const latest = useRef(data)
  latest.current = data
  const [errors, setErrors] = useState<FormErrors>({})
  const [touched, setTouched] = useState<Set<string>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)
  const [outcome, setOutcome] = useState<{ ok: true, answer: unknown } | { ok: false, error: CallError } | null>(null)
  const [busy, setBusy] = useState(false)

  const shown = errorTree(Object.entries(errors)
    .filter(([name]) => submitted || touched.has(name))
    .map(([name, list]) => [name, list.map((e) => t(e.key, { ...e.values, ...(typeof e.values?.other === 'string' ? { other: t(e.values.other) } : {}) }))]))

  const submit = (formData: FormData) => {
    const all = validateForm(formData, ctx)
    setSubmitted(true)
    setErrors(all)
    const first = firstInvalid(all, widget.fields, widget.lines)
    if (first) {
      // Focus after React has drawn the messages.
      requestAnimationFrame(() => document.getElementById(`root_${first}`)?.focus())
      return
    }
    const params = resolveParams(widget.submit.params, { filters, query, session })
    const method = widget.submit.method
    const body = submitPayload(widget, formData, params)
    const files = fileFields(widget)
    setBusy(true)
    setOutcome(null)
    const request = method === 'GET' || method === 'DELETE'
      ? call(method, withQuery(widget.submit.endpoint, body as Record<string, string>))
      : call(method, widget.submit.endpoint, files.length > 0 ? toMultipart(body, formContext.files, files) : body)
    request.then((answer) => {
      setOutcome({ ok: true, answer })
      // The lines are sent: the rows are cleared for the next bet, the other choices (user, draw) stay.
      if (widget.lines) setData((prev) => ({ ...prev, [widget.lines!.name]: blankRows(widget.lines!) }))
      if (widget.submit.setFilters) applyFilters({ ...filters, ...successValues(answer, widget.submit.setFilters) })
      else reloadAll()
    }, (error: CallError) => setOutcome({ ok: false, error })).finally(() => setBusy(false))
  }

  return (
    <section className='rr-form' data-widget-id={widget.id}>
      {outcome?.ok === true && <Alert type='success' message={widget.submit.successKey ?? 'renderers.saved'} values={successValues(outcome.answer, widget.submit.successValues)} />}
      {outcome?.ok === false && <CallErrorAlert error={outcome.error} />}
      <Form
        schema={rjsfSchema}
        uiSchema={uiSchema}
        formData={data}
        validator={validator}
        widgets={customWidgets}
        fields={customFields}
        formContext={formContext}
        noHtml5Validate
        // Choices start as the descriptor says: rjsf would otherwise preselect the first option of every select.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}
        showErrorList={false}
        // Schema validation is replaced by the form rules: nothing raw from ajv reaches the user.
        transformErrors={() => []}
        extraErrors={shown}
        onChange={(e, id) => {
          const next = e.formData as FormData
          latest.current = next
          setData(next)
          const name = fieldName(id)
          if (name) setErrors((prev) => revalidate(prev, name, next, ctx))
        }}
        onBlur={(id) => {
          const name = fieldName(id)
          if (!name) return
          setTouched((prev) => new Set(prev).add(name))
          setErrors((prev) => revalidate(prev, name, latest.current, ctx))
        }}
        onSubmit={(e) => submit(e.formData as FormData)}
      >
        <button type='submit' disabled={busy}>{t(widget.submit.labelKey)}</button>
      </Form>
      {outcome?.ok === true && widget.result && <FormResult sections={resultSections(outcome.answer, widget.result)} />}
    </section>
  )
}
