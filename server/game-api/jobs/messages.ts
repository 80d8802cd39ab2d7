// What a job says while it waits, runs, ends or fails: a stable code and named values, so the page says it in the user's language
// (menus/i18n jobs.<code>, a failure's refusal as errors.<code>), and the English text every status call answers as Message.

/** A value of a job message: a figure or a name, or a reason that is itself a coded message (a job's refusal). */
export type JobValue = string | number | JobMessage

/** A job's message: its code ('' for another system's text, shown as it is), its named values and its English text. */
export interface JobMessage { code: string, values: Record<string, JobValue>, text: string }

/** One catalogue entry: its English (with {{name}} for a value) and, where the count decides the noun, its English for a count of 1. */
export interface JobMessageEntry { code: `GA_JOB_${string}`, other: string, one?: string }

const textOf = (value: JobValue): string => typeof value === 'object' ? value.text : String(value)

/** Builds an entry's messages: the values fill its {{name}}s; values.count of 1 picks the singular English. */
function entry (code: `GA_JOB_${string}`, other: string, one?: string): ((values?: Record<string, JobValue>) => JobMessage) & { entry: JobMessageEntry } {
  const make = (values: Record<string, JobValue> = {}): JobMessage => {
    const template = one !== undefined && values.count === 1 ? one : other
    return { code, values, text: template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => textOf(values[name] ?? '')) }
  }
  return Object.assign(make, { entry: { code, other, ...(one === undefined ? {} : { one }) } })
}

/** Every message a job says, by name; menus/i18n holds each as jobs.<code> in en (word for word) and zh. */
export const jobMessages = {
  // The runner's own.
  waiting: entry('GA_JOB_WAITING', 'Waiting to start.'),
  retrying: entry('GA_JOB_RETRYING', 'Attempt {{attempt}} of {{attempts}} failed: {{reason}}; trying again.'),
  gaveUp: entry('GA_JOB_GAVE_UP', 'Failed after {{count}} attempts: {{reason}}', 'Failed after {{count}} attempt: {{reason}}'),
  unfinished: entry('GA_JOB_UNFINISHED', 'it stopped without finishing {{count}} times (the process running it ended)'),
  // Finalising a draw (Draw Setting › Finalise, a result file's Confirm).
  finaliseWaiting: entry('GA_JOB_FINALISE_WAITING', 'Waiting to settle the draw.'),
  finaliseSettling: entry('GA_JOB_FINALISE_SETTLING', 'Settled {{done}} of {{count}} bets (those that can win first).', 'Settled {{done}} of {{count}} bet (those that can win first).'),
  finaliseBooked: entry('GA_JOB_FINALISE_BOOKED', 'Settled {{count}} of {{count}} bets; money booked.', 'Settled {{count}} of {{count}} bet; money booked.'),
  finalised: entry('GA_JOB_FINALISED', 'Finalised: {{count}} bets settled, {{winners}} winning, payout {{payout}}.', 'Finalised: {{count}} bet settled, {{winners}} winning, payout {{payout}}.'),
  // A week's draws (Draw Setting › Create next week's draws).
  weekWaiting: entry('GA_JOB_WEEK_WAITING', 'Waiting to create the draws of the week of {{week}}.'),
  weekCreating: entry('GA_JOB_WEEK_CREATING', 'Draws created.'),
  weekDone: entry('GA_JOB_WEEK_DONE', 'Week of {{week}}: {{created}} draws created, {{existed}} existed already.'),
  // A result file applied (Draw Setting › Apply result import).
  importWaiting: entry('GA_JOB_IMPORT_WAITING', 'Waiting to apply result import {{importId}}.'),
  importApplying: entry('GA_JOB_IMPORT_APPLYING', 'Result applied.'),
  importApplied: entry('GA_JOB_IMPORT_APPLIED', 'Result import {{importId}} applied: payout {{payout}} once confirmed.'),
  // A bet file processed (Bet Upload › Process file).
  uploadStarting: entry('GA_JOB_UPLOAD_STARTING', 'Processing {{lines}} lines.'),
  uploadProcessing: entry('GA_JOB_UPLOAD_PROCESSING', 'Processed {{done}} of {{lines}} lines.'),
  uploadPlaced: entry('GA_JOB_UPLOAD_PLACED', 'Placed {{placed}} of {{lines}} lines.'),
  uploadPlacedSome: entry('GA_JOB_UPLOAD_PLACED_SOME', 'Placed {{placed}} of {{lines}} lines; {{failed}} with errors.'),
  // Fixed bets placed (Fixed Process, and fixed bets on new draws).
  fixedWaiting: entry('GA_JOB_FIXED_WAITING', 'Waiting to place the fixed bets.'),
  fixedWaitingDraws: entry('GA_JOB_FIXED_WAITING_DRAWS', 'Waiting to place the fixed bets on new draws {{draws}}.', 'Waiting to place the fixed bets on new draw {{draws}}.'),
  fixedPlacing: entry('GA_JOB_FIXED_PLACING', 'Placed {{placed}} tickets from {{done}} of {{count}} fixed bets; {{failed}} failed.'),
  fixedDone: entry('GA_JOB_FIXED_DONE', 'Placed {{placed}} tickets from {{count}} fixed bets; {{failed}} failed.'),
  // Credit recalculation (Credit Recalculation).
  recalcChecking: entry('GA_JOB_RECALC_CHECKING', 'Checked {{done}} of {{users}} users.'),
  recalcDone: entry('GA_JOB_RECALC_DONE', 'Checked {{users}} users; corrected {{corrected}}.'),
  // Throwing the excess out (Out Setting 2 and 3).
  outsetSettled: entry('GA_JOB_OUTSET_SETTLED', 'Draw {{draw}} has its result entered: nothing was thrown.'),
  outsetThrowing: entry('GA_JOB_OUTSET_THROWING', 'Threw the excess of {{thrown}} of {{numbers}} numbers.'),
  outsetThrown: entry('GA_JOB_OUTSET_THROWN', 'Threw the excess of {{count}} numbers out to the distributor.', 'Threw the excess of {{count}} number out to the distributor.'),
  outsetNothing: entry('GA_JOB_OUTSET_NOTHING', 'No number is kept above its limit: nothing to throw.'),
  outsetRulesGoing: entry('GA_JOB_OUTSET_RULES_GOING', 'Went through {{done}} of {{total}} numbers; {{numbers}} had excess.'),
  // Two counts and a closing sentence: the throws and what is left kept are messages of their own inside it.
  outsetRulesThrown: entry('GA_JOB_OUTSET_RULES_THROWN', '{{count}} numbers had excess: made {{throws}} by the rules; {{kept}}', '{{count}} number had excess: made {{throws}} by the rules; {{kept}}'),
  outsetThrows: entry('GA_JOB_OUTSET_THROWS', '{{count}} throws', '{{count}} throw'),
  outsetKeptNone: entry('GA_JOB_OUTSET_KEPT_NONE', 'no excess is left kept.'),
  outsetKept: entry('GA_JOB_OUTSET_KEPT', '{{count}} numbers keep excess no rule takes.', '{{count}} number keeps excess no rule takes.'),
  // Bet Special's generated ticket.
  specialWaiting: entry('GA_JOB_SPECIAL_WAITING', 'Waiting to place the special bet.'),
  specialDone: entry('GA_JOB_SPECIAL_DONE', 'The special bet of draw {{draw}} was placed already: ticket {{ticket}}.'),
  specialNothing: entry('GA_JOB_SPECIAL_NOTHING', 'No special number is left to place on this draw: nothing was placed.'),
  specialPlacing: entry('GA_JOB_SPECIAL_PLACING', 'Placing {{count}} special numbers.'),
  specialTicket: entry('GA_JOB_SPECIAL_TICKET', 'Placed ticket {{ticket}}.'),
  specialPlaced: entry('GA_JOB_SPECIAL_PLACED', 'Placed ticket {{ticket}} for {{user}}: {{count}} special numbers, stake {{stake}}.', 'Placed ticket {{ticket}} for {{user}}: {{count}} special number, stake {{stake}}.'),
  // SMS and Telegram: one message sent, and a draw's results or strikes written for its subscribers.
  smsWaiting: entry('GA_JOB_SMS_WAITING', 'Waiting to send.'),
  smsRate: entry('GA_JOB_SMS_RATE', 'Waiting for the send rate ({{rate}} a second).'),
  smsGone: entry('GA_JOB_SMS_GONE', 'Message {{message}} no longer exists.'),
  smsSentAlready: entry('GA_JOB_SMS_SENT_ALREADY', 'Message {{message}} was sent already.'),
  smsNoBot: entry('GA_JOB_SMS_NO_BOT', 'Message {{message}} waits: the {{game}} Telegram bot has no token (SMS Gateway).'),
  smsSentTelegram: entry('GA_JOB_SMS_SENT_TELEGRAM', 'Sent message {{message}} to Telegram chat {{recipient}}.'),
  smsGatewayUnset: entry('GA_JOB_SMS_GATEWAY_UNSET', 'Message {{message}} waits: the SMS gateway is not set (SMS Gateway).'),
  smsGatewayOff: entry('GA_JOB_SMS_GATEWAY_OFF', 'Message {{message}} waits: the SMS gateway is switched off (SMS Gateway).'),
  smsSent: entry('GA_JOB_SMS_SENT', 'Sent message {{message}} to {{recipient}}.'),
  broadcastWaiting: entry('GA_JOB_BROADCAST_WAITING', 'Waiting to write the {{kind}} messages.'),
  broadcastWriting: entry('GA_JOB_BROADCAST_WRITING', 'Wrote {{written}} {{kind}} messages for {{done}} of {{total}} subscribers.'),
  broadcastDone: entry('GA_JOB_BROADCAST_DONE', 'Wrote {{written}} {{kind}} messages for {{total}} subscribers of {{draw}}; {{had}} had theirs already; {{noPhone}} without a registered phone.'),
  broadcastHeld: entry('GA_JOB_BROADCAST_HELD', '{{count}} messages wait: the SMS gateway is off or not set (SMS Gateway).')
}

/** Every entry, for the catalogue check: each code once, with its English. */
export const jobMessageEntries: JobMessageEntry[] = Object.values(jobMessages).map((make) => make.entry)

/** No message (a job never run). */
export const noJobMessage: JobMessage = { code: '', values: {}, text: '' }

/** A message another system wrote (a gateway's error): no code, shown as it is. */
export const uncodedMessage = (text: string): JobMessage => ({ code: '', values: {}, text })

/** An error that carries the job message it means (the runner's own reasons). */
export class JobMessageError extends Error {
  constructor (readonly jobMessage: JobMessage) { super(jobMessage.text); this.name = 'JobMessageError' }
}

/**
 * Why a job's step failed, as a message: a coded refusal (a GA_* error with its params) keeps its code and values (said as
 * errors.<code>, values by position), a JobMessageError its message; anything else is its English text.
 */
export function reasonOf (error: unknown): JobMessage {
  if (error instanceof JobMessageError) return error.jobMessage
  if (!(error instanceof Error)) return uncodedMessage(String(error))
  const { code, params } = error as Error & { code?: unknown, params?: unknown }
  if (typeof code === 'string' && code.startsWith('GA_')) {
    const values = Array.isArray(params) ? Object.fromEntries(params.map((p, i) => [String(i), String(p)])) : {}
    return { code, values, text: error.message }
  }
  return uncodedMessage(error.message)
}
