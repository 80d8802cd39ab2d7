// The betting domain's failures, with stable codes and messages that say how to fix the cause.
import { GameApiError } from '../../../../lib/errors.ts'

/** Every failure of the betting routes, by stable code. */
export const bettingErrors = {
  notEnoughCredit: (userId: string, cost: number, left: number) =>
    new GameApiError('GA_NOT_ENOUGH_CREDIT', 409, `Not enough credit: the bet costs ${cost.toFixed(2)} but ${userId} has ${left.toFixed(2)} CreditLeft; bet less or ask your upline for more credit.`),
  betNotAllowed: (userId: string) =>
    new GameApiError('GA_BET_NOT_ALLOWED', 403, `User ${userId} may not place bets (EnablePlaceBet is off or placing bets is disabled); ask your upline to enable it.`),
  drawNotFound: (drawId: number) =>
    new GameApiError('GA_DRAW_NOT_FOUND', 404, `Draw ${drawId} does not exist; pick a draw from draw/activeLatest or draw/dateAll.`),
  drawClosed: (drawId: number, closeDate: string) =>
    new GameApiError('GA_DRAW_CLOSED', 409, `Draw ${drawId} closed at ${closeDate}; pick an open draw from draw/activeLatest.`),
  drawWrongGame: (drawId: number, game: string) =>
    new GameApiError('GA_DRAW_WRONG_GAME', 400, `Draw ${drawId} is not a ${game} draw; ${game === 'TOTO' ? 'TOTO bets go to bet/t' : '4D bets go to bet/'} with a draw of that game.`),
  drawExists: (series: string, date: string) =>
    new GameApiError('GA_DRAW_EXISTS', 409, `A ${series} draw on ${date} exists already.`),
  drawFinalised: (drawId: number) =>
    new GameApiError('GA_DRAW_FINALISED', 409, `Draw ${drawId} is finalised already: its result and bets can no longer change.`),
  drawNotClosed: (drawId: number, closeDate: string) =>
    new GameApiError('GA_DRAW_NOT_CLOSED', 409, `Draw ${drawId} is still open for betting until ${closeDate}; enter its result after the close.`),
  noResult: (drawId: number) =>
    new GameApiError('GA_NO_RESULT', 409, `Draw ${drawId} has no result yet; enter it with POST draw/result before finalising.`),
  badResult: (problems: string[]) =>
    new GameApiError('GA_BAD_RESULT', 400, `body/Result is not a valid result: ${problems[0] ?? 'unknown problem'}`, { data: problems }),
  noDraws: (what: string) =>
    new GameApiError('GA_NO_DRAWS', 400, `${what} covers no open draw; send a day code or DrawIds of open draws.`),
  badDayCode: (game: string, code: string, expected: string[]) =>
    new GameApiError('GA_BAD_DAY_CODE', 400, `body/DayCode "${code}" is not a ${game} day code; expected one of ${expected.join(', ')}.`),
  badLine: (index: number, problem: string) =>
    new GameApiError('GA_BAD_LINE', 400, `body/Lines/${index}${problem.startsWith('/') ? '' : ' '}${problem}`),
  badBetText: (issues: Array<{ position: number, length: number, message: string }>) =>
    new GameApiError('GA_BAD_BET_TEXT', 400, `Bet text has ${issues.length} error${issues.length === 1 ? '' : 's'}: at position ${issues[0]?.position ?? 0}: ${issues[0]?.message ?? ''}`,
      { data: issues.map((i) => `at position ${i.position} (length ${i.length}): ${i.message}`) }),
  ticketNotFound: (ticketNo: string) =>
    new GameApiError('GA_TICKET_NOT_FOUND', 404, `Ticket ${ticketNo} does not exist; check the TicketNo.`),
  ticketVoid: (ticketNo: string) =>
    new GameApiError('GA_TICKET_VOID', 409, `Ticket ${ticketNo} is voided already.`),
  fixedNotFound: (id: number) =>
    new GameApiError('GA_FIXED_NOT_FOUND', 404, `Fixed bet ${id} does not exist (it may have been deleted already).`),
  fileNotFound: (id: number) =>
    new GameApiError('GA_FILE_NOT_FOUND', 404, `File ${id} does not exist (it may have been deleted already).`),
  fileBusy: (id: number, status: string) =>
    new GameApiError('GA_FILE_BUSY', 409, `File ${id} is ${status}; wait until it is processed.`),
  fileMissing: () =>
    new GameApiError('GA_FILE_MISSING', 400, 'body/file is required: send the bet file as a multipart field named file.'),
  fileNotText: () =>
    new GameApiError('GA_FILE_NOT_TEXT', 400, 'body/file must be a UTF-8 text file with one bet text per line.'),
  fileAlreadyProcessed: (id: number) =>
    new GameApiError('GA_FILE_PROCESSED', 409, `File ${id} is processed already; upload it again to place its bets again.`),
  jobNotFound: (id: number) =>
    new GameApiError('GA_JOB_NOT_FOUND', 404, `File ${id} has no processing job; start one with POST files/processUpload/${id}.`)
} as const
