// The betting domain's failures, with stable codes and messages that say how to fix the cause.
import { coded } from '../lib/errors.ts'

const E = {
  notEnoughCredit: coded<[string, string, string]>('GA_NOT_ENOUGH_CREDIT', 'Not enough credit: the bet costs %s but %s has %s credit left; bet less or ask your upline for more credit.', 409),
  badBetText: coded<[number, string, number, string]>('GA_BAD_BET_TEXT', 'Bet text has %s error%s: at position %s: %s.', 400),
  limitReached: coded<[string, string, string, number, string]>('GA_LIMIT_REACHED', 'Number %s (%s) has %s units left in draw %s, and this ticket asks %s; bet at most what is left, or on another number.', 409),
  jobNotFound: coded<[number, number]>('GA_JOB_NOT_FOUND', 'File %s has no processing job; start processing file %s on Bet Upload.', 404)
}

/** A refusal of one bet line, named as the form numbers it (line 1 is Lines[0]) with the field first. */
const line = <Args extends unknown[] = []>(code: `GA_LINE_${string}`, problem: string) => coded<[number, ...Args]>(code, `Line %s: ${problem}`, 400)
const L = {
  number: line<[string]>('GA_LINE_NUMBER', 'the number "%s" must have 4 digits, such as 1234.'),
  form: line('GA_LINE_FORM', 'choose the form straight, roll, iBet or kBet (or r, i, k for short).'),
  big: line('GA_LINE_BIG', 'Big is 0 or more in steps of 0.25 (1, H = 0.5, Q = 0.25), such as 1, 1.5 or 2.25.'),
  small: line('GA_LINE_SMALL', 'Small is 0 or more whole dollars, such as 1 or 2.'),
  overMax: line<[string, string, string, string]>('GA_LINE_OVER_MAX', '%s stakes %s a draw, over the %s per line that %s may stake; split it, or ask your upline to raise MaxLineStake.'),
  empty: line('GA_LINE_EMPTY', 'Big and Small are both 0; give either an amount above 0.'),
  type: line('GA_LINE_TYPE', 'choose a bet type: ORDINARY, SYSTEM, ROLL, 2*, 3*, 4*, *2, *3, *4, TO, TE or TT.'),
  count: line<[number, string, string]>('GA_LINE_COUNT', 'Numbers has %s, but %s takes %s.'),
  range: line('GA_LINE_RANGE', 'numbers must be whole numbers from 1 to 49.'),
  repeat: line('GA_LINE_REPEAT', 'a number is repeated; give each number once.'),
  units: line('GA_LINE_UNITS', 'Units must be a whole number of at least 1.')
}

/** Every refusal of a bet line, by the line's index in Lines. */
export const lineErrors = {
  number: (index: number, value: string) => L.number(index + 1, value),
  form: (index: number) => L.form(index + 1),
  big: (index: number) => L.big(index + 1),
  small: (index: number) => L.small(index + 1),
  empty: (index: number) => L.empty(index + 1),
  type: (index: number) => L.type(index + 1),
  count: (index: number, count: number, type: string, expected: string) => L.count(index + 1, count, type, expected),
  range: (index: number) => L.range(index + 1),
  repeat: (index: number) => L.repeat(index + 1),
  units: (index: number) => L.units(index + 1),
  // Names the line, what it stakes and the bettor's maximum (MaxLineStake, set by the parent).
  overMax: (index: number, written: string, stake: number, maximum: number, userId: string) => L.overMax(index + 1, written, stake.toFixed(2), maximum.toFixed(2), userId)
}

/** Units as the messages write them: whole numbers bare, otherwise two decimals. */
const units = (n: number) => Number.isInteger(n) ? String(n) : n.toFixed(2)

/** Every failure of the betting routes, by stable code. */
export const bettingErrors = {
  notEnoughCredit: (userId: string, cost: number, left: number) => E.notEnoughCredit(cost.toFixed(2), userId, left.toFixed(2)),
  tooManyLines: coded<[number, number]>('GA_TOO_MANY_LINES', 'This ticket has %s bet lines (one per number written); one ticket takes at most %s: split the bets over several tickets.', 400),
  tooManyDraws: coded<[number, number]>('GA_TOO_MANY_DRAWS', 'This ticket bets on %s draws; one ticket takes at most %s: split the draws over several tickets.', 400),
  betNotAllowed: coded<[string]>('GA_BET_NOT_ALLOWED', 'User %s may not place bets (May place bets is off for it, or betting is switched off); ask your upline to enable betting.', 403),
  noDraws: coded<[string]>('GA_NO_DRAWS', '%s covers no open draw; choose a day code or draws that are open.', 400),
  badBetText: (issues: Array<{ position: number, length: number, message: string }>) =>
    E.badBetText(issues.length, issues.length === 1 ? '' : 's', issues[0]?.position ?? 0, issues[0]?.message ?? '')
      .with({ data: issues.map((i) => `at position ${i.position} (length ${i.length}): ${i.message}`) }),
  ticketNotFound: coded<[string]>('GA_TICKET_NOT_FOUND', 'Ticket %s does not exist; check the ticket number.', 404),
  ticketVoid: coded<[string]>('GA_TICKET_VOID', 'Ticket %s is voided already.', 409),
  fixedNotFound: coded<[number]>('GA_FIXED_NOT_FOUND', 'Fixed bet %s does not exist (it may have been deleted already).', 404),
  transferSameUser: coded<[string]>('GA_TRANSFER_SAME_USER', '%s is the account the tickets move from; move them to another account.', 400),
  transferWhich: coded('GA_TRANSFER_WHICH', 'Choose exactly one of these: the tickets to move, one ticket, or a draw whose live tickets move.', 400),
  transferNotOwner: coded<[string, string, string]>('GA_TRANSFER_NOT_OWNER', 'Ticket %s belongs to %s, not to %s, the account the tickets move from; move only the tickets of one account.', 409),
  transferNothing: coded<[string, number]>('GA_TRANSFER_NOTHING', '%s has no live tickets on draw %s to move.', 409),
  combineOneFile: coded('GA_COMBINE_ONE_FILE', 'Choose at least two different files to combine.', 400),
  combineOtherUser: coded<[string]>('GA_COMBINE_OTHER_USER', 'Files of different owners (%s) cannot be combined: a page holds the uploads of one account.', 409),
  fileNotFound: coded<[number]>('GA_FILE_NOT_FOUND', 'File %s does not exist (it may have been deleted already).', 404),
  pageNothingToVoid: coded<[number]>('GA_PAGE_NOTHING_TO_VOID', 'File %s has no active tickets to void: they are voided already, or none was placed.', 409),
  fileBusy: coded<[number, string]>('GA_FILE_BUSY', 'File %s is %s; wait until it is processed.', 409),
  fileMissing: coded('GA_FILE_MISSING', 'No bet file was sent; choose a bet file to upload.', 400),
  fileNameLong: coded<[number, number]>('GA_FILE_NAME_LONG', 'The file name has %s characters; rename the file to at most %s characters and upload it again.', 400),
  fileNameUnreadable: coded('GA_FILE_NAME_UNREADABLE', 'The file name has control characters or bytes that are not UTF-8 text; rename the file with letters, digits and punctuation and upload it again.', 400),
  fileNotText: coded('GA_FILE_NOT_TEXT', 'The file must be a UTF-8 text file with one bet text per line.', 400),
  fileNotDbf: coded<[string]>('GA_FILE_NOT_DBF', 'The file is not a dBase bet table: %s.', 400),
  lzhNoReader: coded('GA_LZH_NO_READER', 'This server cannot read LHA (.lzh) archives: the lha program (Debian package lhasa) is not installed; upload the bets as a text file, or ask the operator to install lhasa.', 503),
  lzhUnreadable: coded('GA_LZH_UNREADABLE', 'The file is not an LHA (.lzh) archive that can be read: its headers or contents are damaged; pack the bet files again and upload the new archive.', 400),
  lzhEmpty: coded('GA_LZH_EMPTY', 'The LHA (.lzh) archive holds no files; pack the bet files in it and upload it again.', 400),
  lzhTooMany: coded<[number, number]>('GA_LZH_TOO_MANY', 'The archive holds %s files; one LHA (.lzh) archive takes at most %s bet files: pack them in several archives.', 400),
  lzhMemberPath: coded<[string]>('GA_LZH_MEMBER_PATH', '"%s" in the archive points outside it (an absolute path, a .. folder or a link); pack the bet files without such paths and upload again.', 400),
  lzhMemberLarge: coded<[string, number, number]>('GA_LZH_MEMBER_LARGE', '"%s" in the archive unpacks to %s bytes; a bet file takes at most %s bytes: split it.', 400),
  lzhMemberNotText: coded<[string]>('GA_LZH_MEMBER_NOT_TEXT', '"%s" in the archive is not a UTF-8 text file with one bet text per line.', 400),
  filesNotFound: coded<[string]>('GA_FILES_NOT_FOUND', 'Files %s do not exist in this game; pick them from the files list.', 404),
  filesWhich: coded('GA_FILES_WHICH', 'Choose the files to label, or one file, not both or neither.', 400),
  renameOneFile: coded('GA_FILE_RENAME_ONE', 'A new file name renames one file: choose a single file.', 400),
  fileAlreadyProcessed: coded<[number]>('GA_FILE_PROCESSED', 'File %s is processed already; upload it again to place its bets again.', 409),
  jobNotFound: (id: number) => E.jobNotFound(id, id),
  fixedJobNotFound: coded<[number]>('GA_FIXED_JOB_NOT_FOUND', 'Job %s is not a fixed process of this game; start one on Control › Fixed Process.', 400),
  // Names the number and what is left of its limit in that draw (Limit Setting).
  limitReached: (number: string, betType: string, drawId: number, left: number, asked: number) => E.limitReached(number, betType, units(left), drawId, units(asked))
} as const
