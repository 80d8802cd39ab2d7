import { useEffect, useRef } from 'react'

/** A labelled checkbox ticking a row (or every row: checked 'mixed' when only some are); native, so Space and Tab work as everywhere. */
export function TickBox ({ checked, label, onChange }: { checked: boolean | 'mixed', label: string, onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => { if (ref.current) ref.current.indeterminate = checked === 'mixed' }, [checked])
  return <input ref={ref} type='checkbox' className='rr-tick' aria-label={label} checked={checked === true} onChange={onChange} />
}
