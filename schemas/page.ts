import { Type, type Static } from 'typebox'
import { I18nKey, Key, RoutePath, RouteTemplate, SchemaRef } from './common.ts'
import { Rule } from './rule.ts'
import {
  AccessGateWidget, AnnouncementsWidget, ContentWidget, CountdownWidget, FiltersWidget, FormSubmit, FormWidget, HeaderAction, JobWidget,
  PageDescriptor, RowAction, SelectionAction, TableColumn, TableWidget, TabsWidget, GridSaveAction, GridResetAction, GridWidget, TreeWidget, TitleByQuery, ConfigFileWidget,
  ColumnSetEditorWidget, TextsEditorWidget, MenuEditorWidget, KeyedDiffWidget
} from './widgets.ts'

// A page template holds the renderer's own widgets (schemas/widgets.ts), each with an optional rule; a table names a
// column set (menus/columns/<key>.json) or lists its columns. Resolving a template yields the renderer's PageDescriptor.

const rule = Type.Optional(Rule)

/** A row action as a template writes it: shown (and its call let through the gate) only when its rule holds. */
export const RowActionConfig = Type.Union(RowAction.anyOf.map((variant) => Type.Object({ ...variant.properties, rule }, { additionalProperties: false })))

/** A selection action as a template writes it: shown (and its call let through the gate) only when its rule holds. */
export const SelectionActionConfig = Type.Object({ ...SelectionAction.properties, rule }, { additionalProperties: false })

/** A table in a template: its columns are a column set key or the columns themselves. */
export const TableWidgetConfig = Type.Object({
  ...TableWidget.properties,
  columns: Type.Union([Key, Type.Array(TableColumn, { minItems: 1 })], { description: 'a column set key (menus/columns/<key>.json) or the columns' }),
  rowActions: Type.Optional(Type.Array(RowActionConfig)),
  selectionActions: Type.Optional(Type.Array(SelectionActionConfig)),
  rule
}, { additionalProperties: false })
export type TableWidgetConfig = Static<typeof TableWidgetConfig>

// A form's submit may carry its own rule: without it the user sees the record read-only, and the gate refuses the write.
const FormWidgetConfig = Type.Object({ ...FormWidget.properties, submit: Type.Object({ ...FormSubmit.properties, rule }, { additionalProperties: false }), rule }, { additionalProperties: false })
const FiltersWidgetConfig = Type.Object({ ...FiltersWidget.properties, rule }, { additionalProperties: false })
const CountdownWidgetConfig = Type.Object({ ...CountdownWidget.properties, rule }, { additionalProperties: false })
const ContentWidgetConfig = Type.Object({ ...ContentWidget.properties, rule }, { additionalProperties: false })
const AnnouncementsWidgetConfig = Type.Object({ ...AnnouncementsWidget.properties, rule }, { additionalProperties: false })
const JobWidgetConfig = Type.Object({ ...JobWidget.properties, rule }, { additionalProperties: false })
/** A grid action as a template writes it: each may carry the rule that gates it (the service drops the ones that fail). */
const GridActionConfig = Type.Union([GridSaveAction, ...GridResetAction.anyOf].map((variant) => Type.Object({ ...variant.properties, rule }, { additionalProperties: false })))
const GridWidgetConfig = Type.Object({ ...GridWidget.properties, actions: Type.Optional(Type.Array(GridActionConfig)), rule }, { additionalProperties: false })
const TreeWidgetConfig = Type.Object({ ...TreeWidget.properties, rule }, { additionalProperties: false })
const ConfigFileWidgetConfig = Type.Object({ ...ConfigFileWidget.properties, rule }, { additionalProperties: false })
const ColumnSetEditorWidgetConfig = Type.Object({ ...ColumnSetEditorWidget.properties, rule }, { additionalProperties: false })
const TextsEditorWidgetConfig = Type.Object({ ...TextsEditorWidget.properties, rule }, { additionalProperties: false })
const MenuEditorWidgetConfig = Type.Object({ ...MenuEditorWidget.properties, rule }, { additionalProperties: false })
const KeyedDiffWidgetConfig = Type.Object({ ...KeyedDiffWidget.properties, rule }, { additionalProperties: false })

/** A widget a tab or an access gate may hold, as a template writes it. */
export const LeafWidgetConfig = Type.Union([TableWidgetConfig, FormWidgetConfig, FiltersWidgetConfig, CountdownWidgetConfig, ContentWidgetConfig, AnnouncementsWidgetConfig, JobWidgetConfig, GridWidgetConfig, TreeWidgetConfig, ConfigFileWidgetConfig, ColumnSetEditorWidgetConfig, TextsEditorWidgetConfig, MenuEditorWidgetConfig, KeyedDiffWidgetConfig])
export type LeafWidgetConfig = Static<typeof LeafWidgetConfig>

const AccessGateWidgetConfig = Type.Object({ ...AccessGateWidget.properties, widgets: Type.Array(LeafWidgetConfig), rule }, { additionalProperties: false })
const TabsWidgetConfig = Type.Object({
  ...TabsWidget.properties,
  tabs: Type.Array(Type.Object({ id: Type.String({ minLength: 1 }), labelKey: I18nKey, widgets: Type.Array(LeafWidgetConfig) }, { additionalProperties: false }), { minItems: 1 }),
  rule
}, { additionalProperties: false })

/** Each widget type's template schema: the loader validates a widget against the one its type names (precise pointers). */
export const WidgetConfigByType = {
  table: TableWidgetConfig,
  form: FormWidgetConfig,
  filters: FiltersWidgetConfig,
  countdown: CountdownWidgetConfig,
  content: ContentWidgetConfig,
  announcements: AnnouncementsWidgetConfig,
  job: JobWidgetConfig,
  accessGate: AccessGateWidgetConfig,
  tabs: TabsWidgetConfig,
  grid: GridWidgetConfig,
  tree: TreeWidgetConfig,
  configFile: ConfigFileWidgetConfig,
  columnSetEditor: ColumnSetEditorWidgetConfig,
  textsEditor: TextsEditorWidgetConfig,
  menuEditor: MenuEditorWidgetConfig,
  keyedDiff: KeyedDiffWidgetConfig
} as const
export const WIDGET_TYPES = Object.keys(WidgetConfigByType) as Array<keyof typeof WidgetConfigByType>

/** One widget of a page template: a renderer widget plus an optional rule. */
export const WidgetConfig = Type.Union(Object.values(WidgetConfigByType))
export type WidgetConfig = LeafWidgetConfig | Static<typeof AccessGateWidgetConfig> | Static<typeof TabsWidgetConfig>

/** A header action (link or print) shown only when its rule holds. */
export const ActionConfig = Type.Union(HeaderAction.anyOf.map((variant) => Type.Object({ ...variant.properties, rule }, { additionalProperties: false })))
export type ActionConfig = Static<typeof HeaderAction> & { rule?: Static<typeof Rule> }

const pageFields = {
  $schema: SchemaRef,
  path: RouteTemplate,
  ttPath: Type.Optional(RouteTemplate),
  // The menu path whose item allows this page (a detail page such as /admin/agents/:UserId under /admin/agents); default: its own path.
  menuPath: Type.Optional(RoutePath),
  title: I18nKey,
  // Another title for some values of a route query (one page serving two menu items).
  titleByQuery: Type.Optional(TitleByQuery),
  back: Type.Optional(Type.Boolean()),
  drillParam: Type.Optional(Type.String({ minLength: 1, description: 'the route query value naming a drill-down (UserId): one more breadcrumb crumb when present' })),
  shell: Type.Optional(Type.Boolean()),
  rule,
  actions: Type.Optional(Type.Array(ActionConfig))
}

/** menus/pages/<name>.json: the template of one route (and of its TT variant). Shell pages are served to every signed-in user whose rule holds; other pages only when the user's menu holds their path. */
export const PageConfig = Type.Object({ ...pageFields, widgets: Type.Array(WidgetConfig) }, { additionalProperties: false })
export type PageConfig = Omit<Static<typeof PageConfig>, 'widgets' | 'actions'> & { widgets: WidgetConfig[], actions?: ActionConfig[] }

/** The page outside its widgets, with each widget's type checked: the loader then validates every widget against its type's schema. */
export const PageShape = Type.Object({
  ...pageFields,
  widgets: Type.Array(Type.Object({ type: Type.Enum(WIDGET_TYPES, { description: 'the renderer type' }) }))
}, { additionalProperties: false })

/** GET /ui/pages: one page template resolved for one user and location (rules applied, column sets resolved, TT variant chosen) — the renderer's PageDescriptor. */
export const ResolvedPage = PageDescriptor
export type ResolvedPage = Static<typeof PageDescriptor>

/** Its files may use shared fragments ({ "$ref": "fragments/<name>.json#/pointer" }): the generated schema accepts them where an object or a list may be. */
export const acceptsFragments = true

/** The root of page.schema.json. */
export const configFileSchema = PageConfig
