// The draws domain's refusals (a draw's state, its result, the week job, result imports), with stable codes; betting and risk use them too.
import { coded } from '../lib/errors.ts'

const E = {
  drawWrongGame: coded<[number, string, string]>('GA_DRAW_WRONG_GAME', 'Draw %s is not a %s draw; %s on a draw of that game.', 400),
  badResult: coded<[string]>('GA_BAD_RESULT', 'The result is not valid: %s.', 400),
  badDayCode: coded<[string, string, string]>('GA_BAD_DAY_CODE', 'Day code "%s" is not a %s draw day; choose one of %s.', 400)
}

export const drawErrors = {
  weekJobNotFound: coded<[number]>('GA_WEEK_JOB_NOT_FOUND', 'Job %s is not a week job of this game; start one with Create next week\'s draws in Draw Setting.', 404),
  importNotFound: coded<[number]>('GA_BURST_IMPORT_NOT_FOUND', 'Result import %s does not exist; import the result file in Draw Setting first.', 404),
  importBadFile: coded<[string]>('GA_BURST_IMPORT_BAD_FILE', 'The result file could not be read: %s.', 400),
  importNotPreviewed: coded<[number]>('GA_BURST_IMPORT_NOT_PREVIEWED', 'Result import %s has no payout preview yet; preview its payout in Draw Setting first.', 409),
  importApplied: coded<[number]>('GA_BURST_IMPORT_APPLIED', 'Result import %s is applied already; import the file again to apply it again.', 409),
  notFinalised: coded<[number]>('GA_DRAW_NOT_FINALISED_YET', 'Draw %s is not finalised yet: its report is ready once it is finalised in Draw Setting (Finalise, or Confirm of a result file).', 409),
  importNotApplied: coded<[number]>('GA_BURST_IMPORT_NOT_APPLIED', 'Result import %s is not applied yet; apply it in Draw Setting and wait for it to end.', 409),
  drawNotFound: coded<[number]>('GA_DRAW_NOT_FOUND', 'Draw %s does not exist; pick a draw from the list of draws.', 404),
  drawClosed: coded<[number, string]>('GA_DRAW_CLOSED', 'Draw %s closed at %s; pick an open draw.', 409),
  drawClosedEarly: coded<[number]>('GA_DRAW_CLOSED_EARLY', 'Draw %s takes no more bets: betting on it was closed early; pick an open draw.', 409),
  drawWrongGame: (drawId: number, game: string) => E.drawWrongGame(drawId, game, game === 'TOTO' ? 'place TOTO bets' : 'place 4D bets'),
  drawExists: coded<[string, string]>('GA_DRAW_EXISTS', 'A %s draw on %s exists already.', 409),
  drawFinalised: coded<[number]>('GA_DRAW_FINALISED', 'Draw %s is finalised already: its result and bets can no longer change.', 409),
  drawNotClosed: coded<[number, string]>('GA_DRAW_NOT_CLOSED', 'Draw %s is still open for betting until %s; enter its result after the close.', 409),
  resultNotEntered: coded<[number]>('GA_RESULT_NOT_ENTERED', 'Draw %s has no result yet: its results SMS string is made once the result is entered.', 409),
  noResult: coded<[number]>('GA_NO_RESULT', 'Draw %s has no result yet; enter it in Draw Setting before finalising.', 409),
  badResult: (problems: string[]) => E.badResult(problems[0] ?? 'unknown problem').with({ data: problems }),
  badDayCode: (game: string, code: string, expected: string[]) => E.badDayCode(code, game, expected.join(', ')),
  voidClosedByHand: coded<[string, number]>('GA_VOID_CLOSED_BY_HAND', 'Ticket %s cannot be voided: betting on draw %s was closed by hand; a ticket is voided only while its draw takes bets.', 409),
  voidAfterResult: coded<[string, number]>('GA_VOID_AFTER_RESULT', 'Ticket %s cannot be voided: draw %s has its result entered; a ticket is voided only while its draw takes bets.', 409),
  voidFinalised: coded<[string, number]>('GA_VOID_FINALISED', 'Ticket %s cannot be voided: draw %s is finalised; a ticket is voided only while its draw takes bets.', 409),
  voidClosed: coded<[string, number, string]>('GA_VOID_CLOSED', 'Ticket %s cannot be voided: draw %s closed at %s; a ticket is voided only while its draw takes bets.', 409),
  drawNotOpen: coded<[number, string]>('GA_DRAW_NOT_OPEN', 'Draw %s opens for betting at %s; bet on it then, or pick an open draw.', 409),
  drawHasResult: coded<[number]>('GA_DRAW_HAS_RESULT', 'Draw %s has its result entered: betting cannot reopen and its dates cannot change; reset the result first.', 409),
  drawPastClose: coded<[number, string]>('GA_DRAW_PAST_CLOSE', 'Draw %s closed at %s: to reopen it, give it a later close time in Draw Setting.', 409),
  drawBusy: coded<[number]>('GA_DRAW_BUSY', 'Draw %s is being finalised; wait until its finalise job in Draw Setting ends.', 409),
  drawNotFinalised: coded<[number]>('GA_DRAW_NOT_FINALISED', 'Draw %s is not finalised: there is nothing to reset.', 409),
  drawOpensAfterClose: coded<[string]>('GA_DRAW_OPENS_AFTER_CLOSE', 'Opens must be earlier than the close, %s: betting must open before it closes.', 400),
  badSeries: coded<[string, string]>('GA_DRAW_BAD_SERIES', 'Series must be one of %s for %s.', 400)
}
