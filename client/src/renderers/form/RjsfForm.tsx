// Loaded lazily (see FormWidget): react-jsonschema-form and its schema validator stay out of the first-load bundle.
import { useMemo, useRef, useState } from 'react'
import Form from '@rjsf/core'
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils'
import { useTranslation } from 'react-i18next'
import type { FormWidget } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { useBindingScope, useRenderer } from '../context.tsx'
import { resolveParams, resolveSource, withQuery } from '../lib/binding.ts'
import { firstInvalid, isVisible, revalidate, validateForm, visibleValues, type FormData, type FormErrors, type FormRuleContext } from '../lib/formRules.ts'
import { useData } from '../lib/useData.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { LayoutTemplate } from './FormLayout.tsx'
import { blankRows } from '../lib/formLines.ts'
import { initialItems, isRepeat } from '../lib/formRepeat.ts'
import { toRjsf } from '../lib/formSchema.ts'
import { formValidator } from '../lib/formValidator.ts'
import { resultSections } from '../lib/formAnswer.ts'
import { fileFields, formFieldLabel, holdsAnswer, maySubmit, submitPayload, successValues, toMultipart } from '../lib/formSubmit.ts'
import { toTyped } from '../lib/formUnits.ts'
import { startTarget } from '../lib/job.ts'
import { Alert } from '../shared/Alert.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { customWidgets, type FormContext } from './widgets.tsx'
import { LinesField } from './LinesField.tsx'
import { RepeatField } from './RepeatField.tsx'
import { FormResult } from './FormResult.tsx'
import { FieldTemplate } from './templates.tsx'
import { controlId, formIdPrefix, formNameKey, keyOfControl } from '../lib/formIds.ts'
import { Button } from '@mantine/core'
import './form.css'

const customFields = { lines: LinesField, repeat: RepeatField }
const templates = { FieldTemplate }

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

/** What opens a form besides its descriptor: values to start from (a row's), and what to do once it is sent (close a dialog). */
export interface FormProps { widget: FormWidget, prefill?: FormData, onSent?: () => void }

/** A descriptor form: with a load binding, the record is read first (loading and error states) and fills the form; its bounds may read it. */
export default function RjsfForm ({ widget, prefill, onSent }: FormProps) {
  const loaded = useData<unknown>(widget.load)
  if (!widget.load) return <FormBody widget={widget} prefill={prefill} onSent={onSent} />
  if (loaded.status === 'loading') return <Spinner />
  if (loaded.status === 'error') return <CallErrorAlert error={loaded.error} />
  const record = loaded.data !== null && typeof loaded.data === 'object' && !Array.isArray(loaded.data) ? loaded.data as FormData : {}
  // The first answer fills the form; a later one (the reload after its own save) only moves the bounds, so typing and the save's message stay.
  return <FormBody widget={widget} prefill={{ ...prefill, ...pick(record, widget) }} loaded={record} onSent={onSent} />
}

/** The loaded values the form has fields for, as the user types them (a percent field's fraction as its percentage). */
function pick (record: FormData, widget: FormWidget): FormData {
  const out: FormData = {}
  for (const f of widget.fields) if (record[f.name] !== undefined && record[f.name] !== null) out[f.name] = toTyped(f, record[f.name])
  return out
}

/** The form itself: rules and messages are ours (translated), rjsf draws the fields. */
function FormBody ({ widget, prefill, loaded, onSent }: FormProps & { loaded?: unknown }) {
  const { t } = useTranslation()
  const { filters, applyFilters } = useRenderer()
  const scope = useBindingScope()
  const ctx = useMemo<FormRuleContext>(() => ({ fields: widget.fields, dateRanges: widget.dateRanges, game: widget.game, lines: widget.lines, loaded }), [widget, loaded])
  // Chosen files stay out of rjsf's data, which would copy them as plain objects.
  const [formContext] = useState<FormContext>(() => ({ files: new Map() }))
  const idPrefix = formIdPrefix(widget.id)
  const blank = () => {
    const initial: FormData = {}
    for (const f of widget.fields) {
      const v = f.defaultFrom ? resolveSource(f.defaultFrom, scope) : f.default
      if (v !== undefined) initial[f.name] = v
      // A repeating group starts with the items it needs (one when required).
      else if (isRepeat(f)) initial[f.name] = initialItems(f)
    }
    if (widget.lines) initial[widget.lines.name] = blankRows(widget.lines)
    return { ...initial, ...prefill }
  }
  const [data, setData] = useState<FormData>(blank)
  // Only the fields whose condition holds are drawn; the schema changes when one appears or goes.
  const shownNames = widget.fields.filter((f) => isVisible(f, data)).map((f) => f.name).join(',')
  const { schema, uiSchema } = useMemo(() => {
    const shown = new Set(shownNames.split(','))
    const built = toRjsf(widget.fields.filter((f) => shown.has(f.name)), t, widget.game, widget.lines)
    return widget.layout ? { ...built, uiSchema: { ...built.uiSchema, 'ui:ObjectFieldTemplate': LayoutTemplate as never, 'ui:options': { layout: widget.layout } } } : built
  }, [widget, t, shownNames])
  // The latest data for blur handlers, which can run in the same event as the change before React re-renders.
  const latest = useRef(data)
  latest.current = data
  const [errors, setErrors] = useState<FormErrors>({})
  const [touched, setTouched] = useState<Set<string>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)
  // The submit is a write: once it succeeds, what it changed is read again (or the filters it sets are applied, which reads too).
  // Without a submit (its rule failed for this user) the form only shows the record.
  const target = widget.submit
  const send = useApiMutation(({ formData, params }: { formData: FormData, params: Record<string, string | number | boolean> }) => {
    if (!target) throw new Error('a read-only form is never sent')
    // :Name segments of the endpoint (reset6/:DrawId) take the bound parameter of that name, which then stays out of the body.
    const call = startTarget(target.endpoint, params)
    const body = submitPayload(widget, formData, call.params)
    const files = fileFields(widget)
    // A form's fields travel in the body for every method but GET: a DELETE confirmed with a secret must not put it in a URL.
    return target.method === 'GET'
      ? callData(target.method, withQuery(call.endpoint, body as Record<string, string>))
      : callData(target.method, call.endpoint, files.length > 0 ? toMultipart(body, formContext.files, files) : body)
  })

  const shown = errorTree(Object.entries(errors)
    .filter(([name]) => submitted || touched.has(name))
    .map(([name, list]) => [name, list.map((e) => t(e.key, { ...e.values, ...(typeof e.values?.other === 'string' ? { other: t(e.values.other) } : {}) }))]))

  // A one-time answer (a new user's password) stays shown and the form is not sent again until the user dismisses it.
  const held = send.isSuccess && holdsAnswer(widget)
  const dismiss = () => {
    send.reset()
    setData(blank())
    setErrors({})
    setTouched(new Set())
    setSubmitted(false)
  }

  const submit = (formData: FormData) => {
    if (!target || !maySubmit(widget, { pending: send.isPending, succeeded: send.isSuccess })) return
    const all = validateForm(formData, ctx)
    setSubmitted(true)
    setErrors(all)
    const first = firstInvalid(all, widget.fields, widget.lines)
    if (first) {
      // Focus after React has drawn the messages.
      // A multiple choice inside a repeating group has rjsf's own id (<prefix>_Groups_0_UserIds for Groups.0.UserIds).
      requestAnimationFrame(() => (document.getElementById(controlId(idPrefix, first)) ?? document.getElementById(controlId(idPrefix, first.replaceAll('.', '_'))))?.focus())
      return
    }
    const params = resolveParams(target.params, scope)
    send.mutate({ formData: visibleValues(formData, widget.fields), params }, {
      onSuccess: (answer) => {
        // The lines are sent: the rows are cleared for the next bet, the other choices (user, draw) stay.
        if (widget.lines) setData((prev) => ({ ...prev, [widget.lines!.name]: blankRows(widget.lines!) }))
        if (target.setFilters) applyFilters({ ...filters, ...successValues(answer, target.setFilters) })
        onSent?.()
      }
    })
  }

  const nameKey = formNameKey(widget)
  return (
    // Named by what it does, so forms stacked on one page (Bet Upload's three) are told apart.
    <section className='rr-form' data-widget-id={widget.id} aria-label={nameKey ? t(nameKey) : undefined}>
      {send.isSuccess && <Alert type='success' message={target?.successKey ?? 'renderers.saved'} values={successValues(send.data, target?.successValues)} />}
      {held && <div className='rr-form-actions'><Button type='button' variant='default' onClick={dismiss}>{t('renderers.dismissAnswer')}</Button></div>}
      {send.isError && <CallErrorAlert error={send.error} labelField={(path) => formFieldLabel(widget, path, t)} />}
      <Form
        schema={schema as RJSFSchema}
        idPrefix={idPrefix}
        uiSchema={uiSchema}
        formData={data}
        validator={formValidator}
        widgets={customWidgets}
        fields={customFields}
        templates={templates}
        formContext={formContext}
        noHtml5Validate
        // Choices start as the descriptor says: rjsf would otherwise preselect the first option of every select.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}
        showErrorList={false}
        // Schema validation is replaced by the form rules: nothing raw from the schema validator reaches the user.
        transformErrors={() => []}
        extraErrors={shown}
        onChange={(e, id) => {
          const next = e.formData as FormData
          latest.current = next
          setData(next)
          const name = keyOfControl(idPrefix, id)
          if (name) setErrors((prev) => revalidate(prev, name, next, ctx))
        }}
        onBlur={(id) => {
          const name = keyOfControl(idPrefix, id)
          if (!name) return
          setTouched((prev) => new Set(prev).add(name))
          setErrors((prev) => revalidate(prev, name, latest.current, ctx))
        }}
        readonly={!target || held}
        onSubmit={(e) => submit(e.formData as FormData)}
      >
        {target ? <div className='rr-form-actions'><Button type='submit' loading={send.isPending} disabled={held}>{t(target.labelKey)}</Button></div> : <></>}
      </Form>
      {send.isSuccess && widget.result && <FormResult sections={resultSections(send.data, widget.result)} />}
    </section>
  )
}
