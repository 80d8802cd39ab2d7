import { Type, type Static } from 'typebox'

// The game API contract, listed once: seed 001 §7 plus what the reference game API (server/game-api) adds.
// A page or api.json that names an endpoint outside this list is rejected at load.

const Method = Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('DELETE')])

/** One contract endpoint: method, path after /api/v1/ (after 4d/ or tt/ when game) with :param segments. */
export const ContractEndpoint = Type.Object({
  method: Method,
  path: Type.String({ minLength: 1 }),
  game: Type.Boolean({ description: 'forwarded under 4d/ or tt/ chosen by the session location' })
}, { additionalProperties: false })
export type ContractEndpoint = Static<typeof ContractEndpoint>
type Method = ContractEndpoint['method']

/** Space-separated paths of one method, all game or all root. */
const list = (method: Method, game: boolean, paths: string): ContractEndpoint[] =>
  paths.trim().split(/\s+/).map((path) => ({ method, path, game }))

/** Every endpoint of the game API contract (a list, so the generated docs and the loader read the same thing). */
export const GAME_API_CONTRACT: readonly ContractEndpoint[] = [
  // Auth and the user's own account sit under the API root.
  ...list('GET', false, 'status profile profile/refresh userProfile'),
  ...list('POST', false, 'oauth/token logout terms/accept terms/disagree'),
  ...list('PUT', false, 'password update-password maintenance'),
  // User
  ...list('GET', true, `profileFull mobile memberTree dMemberByRole dMemberByShare dMemberAllRole dMemberProfile mMemberProfile
    profileEditFull profileNewFull profileTEditFull profileTNewFull tMemberAllRole priorityInTakes`),
  ...list('PUT', true, 'super-password mobile mobile2 betEntryAlert priorityInTakes'),
  // Common
  ...list('GET', true, `loc dLoc locIdAvailable draw/dateAll draw/resultDate getCurrencyCode draw/activeLatest reportDate reportDate2
    relcalCredit getPartnerWeb checkMemberAccess/:id catType catTypeDistinct mLoadDirectDownLine dShareTypeSelect selectAllowEditShare settings`),
  ...list('POST', true, 'cache/clear relcalCredit'),
  ...list('GET', true, 'relcalCredit/:id/status'),
  // Agents and players
  ...list('GET', true, 'agents/directDownLine agents/search agents/profile players/directDownLine players/search players/profile'),
  ...list('POST', true, 'agents players'),
  ...list('PUT', true, 'agents agents/position agents/credit agents/suspend players players/position players/credit players/update players/suspend'),
  ...list('DELETE', true, 'agents/:ParentId/:UserId players/:ParentId/:UserId'),
  // Announcements, audits, backup
  ...list('GET', true, 'announcements announcement audits countCreateARA backupARA'),
  ...list('POST', true, 'announcements backupARA'),
  ...list('DELETE', true, 'announcements/:id'),
  ...list('PUT', true, 'resetUpdateCreateARA/:id'),
  // Bets
  ...list('POST', true, `bet bet/t bet/text bet/check bet/transfer bet/transfer4 bet/throw bet/fixed bet/page/exportAra bet/exportDetailsAra
    bet/exportIntakeAra bet/page/combine bet/page/uploadPartner throw fixed/process`),
  ...list('DELETE', true, 'bet bet/page bet/fixed bet/throws'),
  ...list('GET', true, `bet/userIds bet/page2 bet/page2ByDate bet/view bet/viewFull bet/view2ByDate bet/view2ByDateFull bet/perm
    summary/drawDate summary/drawDateT summary/userIds bet/settings fixed/page3 fixed/view fixed/settings bet/throw bet/throwT
    getBetSpecialSetting1 getBetSpecialSetting2 bet/tally bet/detailsFull bet/betByDay bet/search bet/searchT bet/detailDownlineFull
    bet/byDayGroupByNumber generateBetSpecial/:id/status`),
  ...list('PUT', true, 'updateBetSpecialSetting generateBetSpecial'),
  // Bet summaries, bin burst import
  ...list('GET', true, `betSummaryUserIdByShare betSummaryByType betSummaryByTypeSum betSummaryReportFull betSummaryFull betSummary3Full
    binBurstImport binBurstImportAdmin`),
  ...list('POST', true, 'binBurstImport'),
  ...list('PUT', true, 'generateBurstImportPayOut'),
  // Distributors
  ...list('GET', true, 'distributors/total distributors/byId/:id distributors/users/:id distributors/rule/:id distributors/rule/:id/outset/status distributors/statement'),
  ...list('POST', true, 'distributors'),
  ...list('PUT', true, 'distributors distributors/:id/partners distributors/rule/:id distributors/rule/:id/outset'),
  ...list('DELETE', true, 'distributors/:id'),
  // Draws and results
  ...list('GET', true, `draw2 draw/unsettled draw/byId/:id draw/week draw/weekJob draw/result draw/series resultReport result/SMSString result/feed result/r5
    result/r5/:id/status result/report result/binBurst/status result/binConfirm/status
    result/binBurst/:id/status result/binConfirm/:id/status`),
  ...list('POST', true, 'draw draw/insertProcess draw/result result/r5 result/r5/report result/binBurst result/binConfirm result/binConfirm/report'),
  ...list('PUT', true, 'draw draw/series draw/:id/close draw/:id/reopen result/reset6/:id result/reset7/:id'),
  // Files
  ...list('GET', true, 'files files/processUpload/:id/status'),
  ...list('DELETE', true, 'files/:FileId'),
  ...list('POST', true, 'files/upload files/upload/dbf files/upload/lzh files/processUpload/:id'),
  ...list('PUT', true, 'files/updateFilesBatchByFileId'),
  // Fixed settings, limits, out settings
  ...list('GET', true, 'selectFixedSetting selectProcessJob selectProcessJob/:id limit outSetting6 outSetting2Full outSetting2Exceed'),
  ...list('PUT', true, 'updateFixedSetting limit'),
  ...list('POST', true, 'updateProcessJob limit limit/delete outSetting6 outsettingProcess1 outsettingProcess2'),
  ...list('GET', true, 'outsettingProcess1/:id/status outsettingProcess2/:id/status'),
  // Live exposure (issue #16): the open draw per number at the caller's level, and a server-sent-events stream of its changes.
  ...list('GET', true, 'exposure exposure/stream'),
  ...list('DELETE', true, 'limit/:id'),
  // Payments
  ...list('GET', true, 'selectStatementSum selectStatementSumFull statementByMonth paymentUserIds selectStatementType statementByUserId'),
  ...list('POST', true, 'updateStatementSum insertStatement2 insertStatements'),
  ...list('DELETE', true, 'deleteStatement2/:id'),
  // Pay rates, permissions
  ...list('GET', true, 'payRatesN payRatesI payRatesK payRates payRatesT permissions permissionGranted'),
  ...list('POST', true, 'payRate permissions'),
  ...list('PUT', true, 'payRate payRateDefault'),
  ...list('DELETE', true, 'payRate/:id permissions/:id'),
  // Reports
  ...list('GET', true, `reportSummary3 dSelectStatementSummary reportBetPage reportBetPageFull reportPersonalBetPage reportPersonalBetPageFull
    mMemberReportSummary reportStrike reportStrike2 reportStrikeSummary1 reportStrikeSummary2 reportStrikeSummary3 reportStrikeResultDetail1
    reportStrikeResultDetail2 selectReportShareClaim selectReportShareClaimBack selectReportInTakeStrike reportGroupSetting reportBreakdownFull
    reportFull reportUplineFull reportFull2 reportGroupFull reportGroup2Full reportCollectionFull reportOutFull reportStakeFull`),
  ...list('POST', true, 'reportGroupSetting'),
  ...list('DELETE', true, 'reportGroupSetting'),
  // Share claims
  ...list('GET', true, 'reportDownLine shareClaim'),
  ...list('POST', true, 'shareClaim shareClaimBackSelect shareClaimBack'),
  ...list('PUT', true, 'generateReportPlaceOutShareMix updateReportShare shareClaimBackImport generateShareClaimReport shareClaimBack'),
  ...list('DELETE', true, 'shareClaim/:id shareClaimBack/:id'),
  // SMS
  ...list('GET', true, `dSMS getSMSReportSum getSMSReport getSMSAgent mSMSSubscribeTree SMSSubscribeById smsSetting SMSGateway SMSGatewayById
    dSMSSubscribeStrikeTree mSMSSubscribeStrikeTree`),
  ...list('POST', true, 'addSMSAgent insertMultiSMSSubscribe resendSms sendSmsResult sendSmsStrike'),
  // The reference game API's own: SMS Gateway's test send; Send Result's and Send Strike's preview and job status.
  ...list('POST', true, 'testSMSGateway'),
  ...list('GET', true, 'sendSmsResult sendSmsStrike sendSmsResult/:id/status sendSmsStrike/:id/status'),
  // The Mobile page's Telegram link (a one-time code, the accounts linked, unlinking).
  ...list('POST', true, 'telegramCode'),
  ...list('GET', true, 'telegramLink'),
  ...list('DELETE', true, 'telegramLink'),
  ...list('PUT', true, 'updateSMSGateway dSMSSetting'),
  ...list('DELETE', true, 'deleteSMSAgent/:id SMSSubscribe'),
  // Sub share, group expense
  ...list('GET', true, 'subShare groupExpense'),
  ...list('POST', true, 'subShare groupExpense'),
  ...list('DELETE', true, 'subShare/:id groupExpense/:id')
]

/** A path's shape: every :param segment written as ':' (two spellings of one pattern compare equal). */
export function contractShape (path: string): string {
  return path.split('/').map((part) => part.startsWith(':') || part.startsWith('{') ? ':' : part).join('/')
}
