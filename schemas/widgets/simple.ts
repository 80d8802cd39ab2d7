// The smaller widgets: countdown, rich-text content, announcements, and a long-running job's progress.
import { Type, type Static } from 'typebox'
import { DataBinding, Endpoint, HttpMethod, I18nKey, ParamSource } from './binding.ts'

/** Notify points in seconds before zero: one positive number or a list. */
export const NotifyConfig = Type.Union([Type.Number(), Type.Array(Type.Number())])
export type NotifyConfig = Static<typeof NotifyConfig>

/** A countdown to a server close date (server mode) or a repeating simple countdown. */
export const CountdownWidget = Type.Object({
  type: Type.Literal('countdown'),
  id: Type.String({ minLength: 1 }),
  mode: Type.Union([Type.Literal('server'), Type.Literal('simple')]),
  // server mode: settings field with the close date, e.g. dClose.CloseDate, read from data.
  data: Type.Optional(DataBinding),
  targetPath: Type.Optional(Type.String({ minLength: 1 })),
  serverTimePath: Type.Optional(Type.String({ minLength: 1 })),
  // simple mode: seconds per round (default 60).
  seconds: Type.Optional(Type.Integer({ minimum: 1 })),
  format: Type.Optional(Type.String({ minLength: 1 })),
  notify: Type.Optional(NotifyConfig),
  demandStart: Type.Optional(Type.Boolean()),
  closedKey: Type.Optional(I18nKey),
  labelKey: Type.Optional(I18nKey),
  // Show start/pause/resume/stop/restart buttons.
  controls: Type.Optional(Type.Boolean())
}, { additionalProperties: false })
export type CountdownWidget = Static<typeof CountdownWidget>

/** Translated rich text (sanitised before display). */
export const ContentWidget = Type.Object({
  type: Type.Literal('content'),
  id: Type.String({ minLength: 1 }),
  bodyKey: I18nKey,
  // Values interpolated into the text, e.g. an SMS number from a settings call.
  data: Type.Optional(DataBinding),
  // Shown only when this value of its data is non-empty and not false (the optional help-desk line of seed 001 §2; whether a secret is set).
  showWhen: Type.Optional(Type.String({ minLength: 1 }))
}, { additionalProperties: false })
export type ContentWidget = Static<typeof ContentWidget>

/** The announcements list (pop-up or banner), loaded after a short delay. */
export const AnnouncementsWidget = Type.Object({
  type: Type.Literal('announcements'),
  id: Type.String({ minLength: 1 }),
  data: DataBinding,
  delayMs: Type.Optional(Type.Integer({ minimum: 0 })),
  // The PopUp 'Y' ones also open together in one modal once they arrive (the home page, seed 001 §2).
  popups: Type.Optional(Type.Boolean())
}, { additionalProperties: false })
export type AnnouncementsWidget = Static<typeof AnnouncementsWidget>

/** A long-running server job: one start call, then a status call polled until a done or failed value. */
export const JobWidget = Type.Object({
  type: Type.Literal('job'),
  id: Type.String({ minLength: 1 }),
  labelKey: I18nKey,
  // Asked before the job starts (Finalise: settling a draw books every payment), as a call action's confirmKey is.
  confirmKey: Type.Optional(I18nKey),
  // :Name segments of the start endpoint take the parameter of that name (the button waits until it has a value).
  // requires: parameters that must have a value (a chosen draw) before the button may start the job, as :Name segments must.
  start: Type.Object({
    endpoint: Endpoint,
    method: HttpMethod,
    params: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ParamSource)),
    requires: Type.Optional(Type.Array(Type.String({ minLength: 1 })))
  }, { additionalProperties: false }),
  // The status endpoint may name the job id as {jobId}; the id is read from the start answer's idPath.
  status: Type.Object({
    endpoint: Endpoint,
    idPath: Type.Optional(Type.String({ minLength: 1 })),
    statusPath: Type.Optional(Type.String({ minLength: 1 })),
    progressPath: Type.Optional(Type.String({ minLength: 1 })),
    // Where a failed job's reason is (shown with renderers.job.failed); default message.
    messagePath: Type.Optional(Type.String({ minLength: 1 })),
    doneValues: Type.Array(Type.String(), { minItems: 1 }),
    failedValues: Type.Array(Type.String())
  }, { additionalProperties: false }),
  pollMs: Type.Optional(Type.Integer({ minimum: 100 })),
  // The message when done, with values read from the last status answer (name → dot path), e.g. lines placed and failed.
  result: Type.Optional(Type.Object({
    key: I18nKey,
    values: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
    // A list in the answer (e.g. the lines that failed), each item shown with itemKey and its own fields as values.
    listPath: Type.Optional(Type.String({ minLength: 1 })),
    itemKey: Type.Optional(I18nKey)
  }, { additionalProperties: false }))
}, { additionalProperties: false })
export type JobWidget = Static<typeof JobWidget>
