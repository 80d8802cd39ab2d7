import { Type, type Static } from 'typebox'

import { DataBinding, I18nKey, ParamSource } from './widgets/binding.ts'
import { CallAction, FormAction, FormWidget } from './widgets/form.ts'
import { DownloadAction } from './widgets/download.ts'
import { FiltersWidget, TableWidget } from './widgets/table.ts'
import { AnnouncementsWidget, ContentWidget, CountdownWidget, JobWidget } from './widgets/simple.ts'
import { GridWidget, TreeWidget } from './widgets/grid.ts'
import { ConfigFileWidget } from './widgets/config-file.ts'
import { ColumnSetEditorWidget, MenuEditorWidget, TextsEditorWidget } from './widgets/config-editors.ts'
import { KeyedDiffWidget } from './widgets/keyed-diff.ts'

// The page-descriptor wire format: what the service sends for one route and the client's generic renderer draws.
// Every label is an i18n key (present in en and zh), never display text, so one descriptor serves every language.
// Each family of widgets has its own file under widgets/; this file holds the containers and the page.
export * from './widgets/binding.ts'
export * from './widgets/form.ts'
export * from './widgets/download.ts'
export * from './widgets/table.ts'
export * from './widgets/simple.ts'
export * from './widgets/grid.ts'
export * from './widgets/config-file.ts'
export * from './widgets/keyed-diff.ts'
export * from './widgets/config-editors.ts'

// ---------- containers ----------

/** Widgets that hold no other widgets (what tabs and access gates contain; one level keeps the format flat). */
export const LeafWidget = Type.Union([TableWidget, FormWidget, FiltersWidget, CountdownWidget, ContentWidget, AnnouncementsWidget, JobWidget, GridWidget, TreeWidget, ConfigFileWidget, ColumnSetEditorWidget, TextsEditorWidget, MenuEditorWidget, KeyedDiffWidget])
export type LeafWidget = Static<typeof LeafWidget>

/** Shows its widgets only once a check call answers success true; 'Unauthorized Access' otherwise. */
export const AccessGateWidget = Type.Object({
  type: Type.Literal('accessGate'),
  id: Type.String({ minLength: 1 }),
  // A {UserId} segment in the check endpoint (checkMemberAccess/{UserId}) takes the id; otherwise it is sent as the UserId parameter.
  check: DataBinding,
  // The user id the check is about; the check reruns when it changes to a non-empty value.
  userIdFrom: Type.Optional(ParamSource),
  widgets: Type.Array(LeafWidget)
}, { additionalProperties: false })
export type AccessGateWidget = Static<typeof AccessGateWidget>

export const TabsWidget = Type.Object({
  type: Type.Literal('tabs'),
  id: Type.String({ minLength: 1 }),
  tabs: Type.Array(Type.Object({ id: Type.String({ minLength: 1 }), labelKey: I18nKey, widgets: Type.Array(LeafWidget) }, { additionalProperties: false }), { minItems: 1 })
}, { additionalProperties: false })
export type TabsWidget = Static<typeof TabsWidget>

/** Any widget a page may hold. */
export const Widget = Type.Union([TableWidget, FormWidget, FiltersWidget, CountdownWidget, ContentWidget, AnnouncementsWidget, JobWidget, AccessGateWidget, TabsWidget, GridWidget, TreeWidget, ConfigFileWidget, ColumnSetEditorWidget, TextsEditorWidget, MenuEditorWidget, KeyedDiffWidget])
export type Widget = Static<typeof Widget>

/** Every widget type name. */
export type WidgetType = Widget['type']

// ---------- page ----------

/** A header action: a link, the print view, a call button, a form in a dialog, or a file download. */
export const HeaderAction = Type.Union([
  Type.Object({ kind: Type.Literal('link'), id: Type.String({ minLength: 1 }), labelKey: I18nKey, to: Type.String({ pattern: '^/' }) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('print'), id: Type.String({ minLength: 1 }), labelKey: I18nKey }, { additionalProperties: false }),
  // A do-it button (Clear cache, Recalculate credit), and a create form in a dialog (when and prefill do not apply on a page).
  CallAction,
  FormAction,
  DownloadAction
])
export type HeaderAction = Static<typeof HeaderAction>

export const Crumb = Type.Object({ labelKey: I18nKey, path: Type.Optional(Type.String({ pattern: '^/' })) }, { additionalProperties: false })
export type Crumb = Static<typeof Crumb>

/** A title chosen by a route query value (/outset/betsIn?Choice=2 is Bets Out): value → label key; other values keep the page's title. */
export const TitleByQuery = Type.Object({
  param: Type.String({ minLength: 1 }),
  titles: Type.Record(Type.String({ minLength: 1 }), I18nKey)
}, { additionalProperties: false })
export type TitleByQuery = Static<typeof TitleByQuery>

/** The title key a page shows for a route query: the titleByQuery match, else its own. */
export function titleKeyOf (page: { titleKey: string, titleByQuery?: TitleByQuery | undefined }, query: Readonly<Record<string, string | undefined>>): string {
  const value = page.titleByQuery === undefined ? undefined : query[page.titleByQuery.param]
  return (value === undefined ? undefined : page.titleByQuery?.titles[value]) ?? page.titleKey
}

/** One page as the client renders it: title, breadcrumb, Back button, header actions and widgets. */
export const PageDescriptor = Type.Object({
  path: Type.String({ pattern: '^/' }),
  // tt when the page was resolved for a TT (TOTO) location.
  variant: Type.Optional(Type.Union([Type.Literal('4d'), Type.Literal('tt')])),
  titleKey: I18nKey,
  titleByQuery: Type.Optional(TitleByQuery),
  breadcrumb: Type.Optional(Type.Array(Crumb)),
  back: Type.Optional(Type.Boolean()),
  // The route query value that names a drill-down (UserId on a report): when the URL has it, the breadcrumb adds it as one more crumb.
  drillParam: Type.Optional(Type.String({ minLength: 1 })),
  actions: Type.Optional(Type.Array(HeaderAction)),
  widgets: Type.Array(Widget),
  // The values of the template's :Name segments (/admin/agents/:UserId asked as /admin/agents/ag1 → { UserId: 'ag1' }).
  route: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String()))
}, { additionalProperties: false })
export type PageDescriptor = Static<typeof PageDescriptor>
