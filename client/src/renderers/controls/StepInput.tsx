import type { StepRule } from '../lib/steps.ts'

/** A number input bound to a step rule (share, commission, tax); the form rules give the translated message when it is broken. */
export function StepInput ({ id, rule, value, onChange, onBlur, invalid, label }: { id: string, rule: StepRule, value: number | undefined, onChange: (v: number | undefined) => void, onBlur?: () => void, invalid?: boolean, label?: string }) {
  return (
    <input
      id={id} type='number' className='rr-step-input' min={rule.min} max={rule.max} step={rule.step} aria-label={label} aria-invalid={invalid || undefined}
      value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))} onBlur={onBlur}
    />
  )
}
