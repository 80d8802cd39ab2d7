// The one map from descriptor type to component. Its type is mapped over the Widget union, so adding a widget type to
// schemas/widgets.ts without a renderer here fails to compile; a type unknown at run time draws a visible notice.
import { createElement, type ComponentType, type ReactNode } from 'react'
import type { Widget, WidgetType } from '../../../schemas/widgets.ts'
import { TableWidget } from './table/TableWidget.tsx'
import { FormWidget } from './form/FormWidget.tsx'
import { FiltersWidget } from './filters/FiltersWidget.tsx'
import { CountdownWidget } from './countdown/CountdownWidget.tsx'
import { ContentWidget } from './content/ContentWidget.tsx'
import { AnnouncementsWidget } from './announcements/AnnouncementsWidget.tsx'
import { JobWidget } from './job/JobWidget.tsx'
import { AccessGateWidget } from './accessGate/AccessGateWidget.tsx'
import { TabsWidget } from './tabs/TabsWidget.tsx'
import { GridWidget } from './grid/GridWidget.tsx'
import { TreeWidget } from './tree/TreeWidget.tsx'
import { ConfigFileWidget } from './configFile/ConfigFileWidget.tsx'
import { ColumnSetEditorWidget } from './columnSetEditor/ColumnSetEditorWidget.tsx'
import { TextsEditorWidget } from './textsEditor/TextsEditorWidget.tsx'
import { MenuEditorWidget } from './menuEditor/MenuEditorWidget.tsx'
import { KeyedDiffWidget } from './keyedDiff/KeyedDiffWidget.tsx'
import { UnknownWidget } from './shared/UnknownWidget.tsx'

/** Every widget type with the component that draws exactly that widget's descriptor. */
export type WidgetRegistry = { [K in WidgetType]: ComponentType<{ widget: Extract<Widget, { type: K }> }> }

export const registry: WidgetRegistry = {
  table: TableWidget,
  form: FormWidget,
  filters: FiltersWidget,
  countdown: CountdownWidget,
  content: ContentWidget,
  announcements: AnnouncementsWidget,
  job: JobWidget,
  accessGate: AccessGateWidget,
  tabs: TabsWidget,
  grid: GridWidget,
  tree: TreeWidget,
  configFile: ConfigFileWidget,
  columnSetEditor: ColumnSetEditorWidget,
  textsEditor: TextsEditorWidget,
  menuEditor: MenuEditorWidget,
  keyedDiff: KeyedDiffWidget
}

/** Draws one widget descriptor; a type this build does not know (a newer service) shows a notice naming it. */
export function renderWidget (widget: Widget | { type: string }): ReactNode {
  const component = Object.hasOwn(registry, widget.type) ? registry[widget.type as WidgetType] : undefined
  if (!component) return createElement(UnknownWidget, { type: widget.type })
  return createElement(component as ComponentType<{ widget: Widget }>, { widget: widget as Widget })
}
