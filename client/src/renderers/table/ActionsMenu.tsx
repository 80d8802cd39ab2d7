import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'

export interface MenuItem { id: string, label: string, run: () => void }

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or Arrow Down open it on its first item, arrows move, Home and End jump,
 * Escape or Tab close it and focus goes back to the button; a click outside or a scroll closes it. The list is drawn on the body
 * (fixed under the button), as a row's cell clips what overflows it.
 */
export function ActionsMenu ({ label, items }: { label: string, items: readonly MenuItem[] }) {
  const [open, setOpen] = useState(false)
  const [place, setPlace] = useState<CSSProperties>({})
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const focusItem = (index: number) => {
    const all = list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')
    if (!all || all.length === 0) return
    all[(index + all.length) % all.length]?.focus()
  }
  useEffect(() => {
    if (!open) return
    focusItem(0)
    const away = (e: Event) => { if (!button.current?.contains(e.target as Node) && !list.current?.contains(e.target as Node)) setOpen(false) }
    document.addEventListener('pointerdown', away)
    document.addEventListener('scroll', away, true)
    return () => { document.removeEventListener('pointerdown', away); document.removeEventListener('scroll', away, true) }
  }, [open])
  // Under the button, right-aligned to it, or above it when the window has no room below.
  const show = () => {
    const box = button.current?.getBoundingClientRect()
    if (!box) return
    const below = window.innerHeight - box.bottom > Math.min(240, items.length * 32 + 8)
    setPlace({ position: 'fixed', right: Math.max(4, window.innerWidth - box.right), ...(below ? { top: box.bottom + 2 } : { bottom: window.innerHeight - box.top + 2 }) })
    setOpen(true)
  }
  const close = () => { setOpen(false); button.current?.focus() }
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])]
    const at = all.indexOf(document.activeElement as HTMLButtonElement)
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(at + 1),
      ArrowUp: () => focusItem(at - 1),
      Home: () => focusItem(0),
      End: () => focusItem(all.length - 1),
      Escape: close,
      // The list lives at the end of the body: Tab goes back to the button rather than off the end of the page.
      Tab: close
    }
    const move = moves[e.key]
    if (!move) return
    e.preventDefault()
    move()
  }
  return (
    <span className='rr-menu'>
      <button
        ref={button} type='button' className='rr-row-action rr-menu-button' aria-haspopup='menu' aria-expanded={open} aria-controls={open ? id : undefined}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={(e) => { if (e.key === 'ArrowDown') { e.preventDefault(); show() } }}
      >
        {label}<span aria-hidden='true'> ▾</span>
      </button>
      {open && createPortal(
        <ul ref={list} id={id} role='menu' aria-label={label} className='rr-menu-list' style={place} onKeyDown={onListKey}>
          {items.map((item) => (
            <li key={item.id} role='none'>
              <button type='button' role='menuitem' tabIndex={-1} onClick={() => { close(); item.run() }}>{item.label}</button>
            </li>
          ))}
        </ul>,
        document.body
      )}
    </span>
  )
}
