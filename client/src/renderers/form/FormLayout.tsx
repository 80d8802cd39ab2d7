import { useState, type KeyboardEvent, type ReactNode } from 'react'
import type { ObjectFieldTemplateProps } from '@rjsf/utils'
import { useTranslation } from 'react-i18next'
import type { FormLayoutNode, FormTabs } from '../../../../schemas/widgets.ts'

type Contents = ReadonlyMap<string, ReactNode>

/** The form's fields placed in its layout: titled sections (a column grid) and tab sets, nested to any depth; fields no section names come first. */
export function LayoutTemplate (props: ObjectFieldTemplateProps) {
  const layout = (props.uiSchema?.['ui:options'] as { layout?: FormLayoutNode[] } | undefined)?.layout ?? []
  const contents = new Map(props.properties.map((p) => [p.name, p.content]))
  const placed = new Set<string>()
  const collect = (nodes: readonly FormLayoutNode[]) => {
    for (const n of nodes) {
      if (n.kind === 'section') { n.fields?.forEach((f) => placed.add(f)); collect(n.children ?? []) } else n.tabs.forEach((tab) => collect(tab.children))
    }
  }
  collect(layout)
  return (
    <div className='rr-form-layout'>
      {props.properties.filter((p) => !placed.has(p.name)).map((p) => p.content)}
      <LayoutNodes nodes={layout} contents={contents} path='l' />
    </div>
  )
}

function LayoutNodes ({ nodes, contents, path }: { nodes: readonly FormLayoutNode[], contents: Contents, path: string }) {
  const { t } = useTranslation()
  return (
    <>
      {nodes.map((n, i) => n.kind === 'tabs'
        ? <LayoutTabs key={i} node={n} contents={contents} path={`${path}-${i}`} />
        : (
          <fieldset key={i} className='rr-section' data-layout={`${path}-${i}`}>
            {n.titleKey && <legend>{t(n.titleKey)}</legend>}
            {/* Hidden fields (a condition that fails) leave no gap in the grid. */}
            <div className='rr-section-grid' style={{ display: 'grid', gap: '0.5rem 1rem', gridTemplateColumns: `repeat(${n.columns ?? 1}, minmax(0, 1fr))` }}>
              {(n.fields ?? []).filter((f) => contents.has(f)).map((f) => <div key={f}>{contents.get(f)}</div>)}
            </div>
            {n.children && <LayoutNodes nodes={n.children} contents={contents} path={`${path}-${i}`} />}
          </fieldset>
          ))}
    </>
  )
}

/** A tab set inside a form: every pane stays drawn (hidden) so its fields keep their values and an error can focus them; arrows move between tabs. */
function LayoutTabs ({ node, contents, path }: { node: FormTabs, contents: Contents, path: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(0)
  const keys = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    e.preventDefault()
    const next = (open + step + node.tabs.length) % node.tabs.length
    setOpen(next)
    document.getElementById(`${path}-tab-${next}`)?.focus()
  }
  return (
    <div className='rr-form-tabs'>
      <div role='tablist' onKeyDown={keys}>
        {node.tabs.map((tab, i) => (
          <button
            key={tab.id} type='button' role='tab' id={`${path}-tab-${i}`} aria-selected={i === open} aria-controls={`${path}-pane-${i}`}
            tabIndex={i === open ? 0 : -1} onClick={() => setOpen(i)}
          >{t(tab.labelKey)}
          </button>
        ))}
      </div>
      {node.tabs.map((tab, i) => (
        // An invalid field in a closed pane opens it when focused (submit focuses the first invalid field).
        <div key={tab.id} role='tabpanel' id={`${path}-pane-${i}`} aria-labelledby={`${path}-tab-${i}`} hidden={i !== open} onFocus={() => setOpen(i)}>
          <LayoutNodes nodes={tab.children} contents={contents} path={`${path}-${i}`} />
        </div>
      ))}
    </div>
  )
}
