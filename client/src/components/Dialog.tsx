import { useEffect, useRef, type ReactNode } from 'react'
import { onCloseAllDialogs } from '../lib/dialogs.ts'

interface DialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  className?: string
  footer?: ReactNode
}

/**
 * A modal on the native dialog element (the browser's top layer traps focus, Escape closes), drawn as the component library's modal
 * (title, body, footer of buttons; base.css); a location change or another pop-up closes it. The footer's buttons close it by click.
 */
export function Dialog ({ open, title, onClose, children, className, footer }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useRef(`dialog-${Math.random().toString(36).slice(2)}`).current
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  useEffect(() => (open ? onCloseAllDialogs(onClose) : undefined), [open, onClose])
  return (
    <dialog ref={ref} className={`dialog ${className ?? ''}`} aria-labelledby={titleId} onClose={onClose} onCancel={(e) => { e.preventDefault(); onClose() }}>
      <h2 id={titleId} className='dialog__title'>{title}</h2>
      <div className='dialog__body'>{children}</div>
      {footer && <div className='dialog__footer'>{footer}</div>}
    </dialog>
  )
}
