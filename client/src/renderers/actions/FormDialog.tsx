import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { FormAction, FormWidget as FormDescriptor } from '../../../../schemas/widgets.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { ScopeProvider } from '../context.tsx'
import { FormWidget } from '../form/FormWidget.tsx'
import { keepsAnswer as showsAnswer } from '../lib/formSubmit.ts'

/** The values a row gives its dialog's form (form field → row field). */
export function prefillOf (prefill: FormAction['prefill'], row: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [field, from] of Object.entries(prefill ?? {})) if (row?.[from] !== undefined && row[from] !== null) out[field] = row[from]
  return out
}

/**
 * A form action's dialog: the form prefilled from the row (its load may read { from: 'row' } too); a successful submit closes it, and the write reloads the page's data.
 * Its title may name the row's values ({{TicketNo}}), so the dialog says which record it acts on.
 */
export function FormDialog ({ action, row, onClose }: { action: FormAction, row?: Readonly<Record<string, unknown>>, onClose: () => void }) {
  const { t } = useTranslation()
  const widget = useMemo<FormDescriptor>(() => ({ ...action.form, type: 'form' }), [action.form])
  const prefill = useMemo(() => prefillOf(action.prefill, row), [action.prefill, row])
  const close = useCallback(() => onClose(), [onClose])
  // A success message made of the answer's values (a one-time password, a new entry's id) is the only place they are shown: the dialog stays open to show it.
  const keepsAnswer = showsAnswer(action.form.submit)
  return (
    <Dialog open title={t(action.titleKey ?? action.labelKey, row ? { ...row } : undefined)} onClose={close} className='rr-form-dialog' footer={<button type='button' onClick={close}>{t('renderers.close')}</button>}>
      <ScopeProvider row={row}>
        <FormWidget widget={widget} prefill={prefill} onSent={keepsAnswer ? undefined : close} />
      </ScopeProvider>
    </Dialog>
  )
}
