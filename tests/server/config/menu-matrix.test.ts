import t from 'tap'
import { loadConfig } from '../../../server/src/config/load.ts'
import { buildMenu, type MenuGroup } from '../../../server/src/config/menu.ts'
import { ctxFor, profiles, SG, shippedConfigDir, TT } from './fixtures.ts'

// The expected menus, written out by hand from spec/menu-rules.md for each fixture user (not computed from the rules);
// OutSet › Live Exposure (issue #16) is added for admins and agents with OutSet.
// Settings in every context: Android download URL set, iOS empty.
const ADMIN_ALL = 'profile agents payments paymentHist mobile changePassword installationGuide androidApp home'
const ADMIN_MIN = 'profile mobile changePassword installationGuide androidApp home'
const BET_ALL = 'placeBets betUpload fixedBets outBets betSummary betSummary2 betsInstruction viewTickets ticketSearch ticketHistory'
const SMS = 'smsAgent smsSubscribe sendResult sendStrike smsReport smsView'
const OPTIONS_SG = 'announcement payOut logout'
const OPTIONS_TT = 'announcement logout'
const MEMBER = {
  administration: ADMIN_MIN,
  bet: 'placeBets fixedBets betsInstruction viewTickets ticketSearch ticketHistory',
  report: 'reportMember reportDrawResult'
}

type Expected = Record<string, string>
const expected: Record<string, { SG: Expected, TT: Expected }> = {
  admin: {
    SG: {
      administration: ADMIN_ALL,
      bet: BET_ALL,
      report: 'reportFull reportCollection reportOut reportGroup reportGroup2 reportStake reportStrike reportStrike2 reportDrawResult reportSummary reportShareClaimCompany',
      control: 'controlAnnouncement drawSetting fixedSetting fixedProcess subShare payRate shareClaim shareClaimSetting shareClaimCompany permission',
      outset: 'outSetting outSetting2 outSetting3 betsIn betsOut throwNumber betSpecial exposure',
      utilities: 'backupARA creditRecal clearCache superPassword auditLog support configuration',
      sms: SMS,
      smsGateway: 'smsGateway',
      options: OPTIONS_SG
    },
    TT: {
      administration: ADMIN_ALL,
      bet: BET_ALL,
      report: 'reportFull reportCollection reportGroup reportGroup2 reportStake reportStrike reportStrike2 reportDrawResult reportSummary reportShareClaimCompany',
      control: 'controlAnnouncement drawSetting limitSetting fixedSetting fixedProcess subShare shareClaim shareClaimSetting shareClaimCompany permission',
      outset: 'outSetting2 outSetting3 betsIn betsOut exposure',
      utilities: 'creditRecal clearCache superPassword auditLog support configuration',
      sms: SMS,
      options: OPTIONS_TT
    }
  },
  ops: {
    SG: {
      administration: ADMIN_MIN,
      bet: BET_ALL,
      report: 'reportFull reportCollection reportOut reportStake reportStrike reportStrike2 reportDrawResult reportSummary',
      control: 'controlAnnouncement drawSetting subShare payRate shareClaim shareClaimSetting shareClaimCompany',
      outset: 'outSetting outSetting2 outSetting3 betsIn betsOut throwNumber betSpecial exposure',
      utilities: 'backupARA creditRecal clearCache auditLog',
      sms: SMS,
      options: OPTIONS_SG
    },
    TT: {
      administration: ADMIN_MIN,
      bet: BET_ALL,
      report: 'reportFull reportCollection reportGroup reportGroup2 reportStake reportDrawResult reportSummary',
      control: 'controlAnnouncement drawSetting limitSetting subShare shareClaim shareClaimSetting shareClaimCompany',
      outset: 'outSetting2 outSetting3 betsIn betsOut exposure',
      utilities: 'creditRecal clearCache auditLog',
      sms: SMS,
      options: OPTIONS_TT
    }
  },
  clerk: {
    SG: {
      administration: ADMIN_ALL,
      bet: 'fixedBets outBets betSummary betSummary2 betsInstruction viewTickets ticketSearch ticketHistory',
      control: 'controlAnnouncement subShare',
      utilities: 'backupARA creditRecal clearCache auditLog',
      sms: SMS,
      smsGateway: 'smsGateway',
      options: OPTIONS_SG
    },
    TT: {
      administration: ADMIN_ALL,
      bet: 'fixedBets outBets betSummary betSummary2 betsInstruction viewTickets ticketSearch ticketHistory',
      control: 'controlAnnouncement limitSetting subShare',
      utilities: 'creditRecal clearCache auditLog',
      sms: SMS,
      options: OPTIONS_TT
    }
  },
  ag1: {
    SG: {
      administration: 'profile agents players payments paymentHist mobile changePassword installationGuide androidApp home',
      bet: BET_ALL,
      report: 'reportFull reportCollection reportOut reportGroup reportGroup2 reportStake reportStrike reportStrike2 reportDrawResult reportSummary reportShareClaimCompany',
      options: OPTIONS_SG
    },
    TT: {
      administration: 'profile agents players payments paymentHist mobile changePassword installationGuide androidApp home',
      bet: BET_ALL,
      report: 'reportFull reportCollection reportGroup reportGroup2 reportStake reportDrawResult reportSummary reportShareClaimCompany',
      options: OPTIONS_TT
    }
  },
  ag2: {
    SG: {
      administration: 'profile players payments paymentHist mobile changePassword installationGuide androidApp home',
      bet: 'betSummary betSummary2 betsInstruction viewTickets ticketSearch ticketHistory',
      report: 'reportFull reportCollection reportOut reportStake reportStrike reportStrike2 reportDrawResult reportSummary',
      outset: 'outSetting outSetting2 outSetting3 betsIn betsOut throwNumber betSpecial exposure',
      options: OPTIONS_SG
    },
    TT: {
      administration: 'profile players payments paymentHist mobile changePassword installationGuide androidApp home',
      bet: 'betSummary betSummary2 betsInstruction viewTickets ticketSearch ticketHistory',
      report: 'reportFull reportCollection reportStake reportStrike reportStrike2 reportDrawResult reportSummary',
      outset: 'outSetting outSetting2 outSetting3 betsIn betsOut exposure',
      options: OPTIONS_TT
    }
  },
  mem1: { SG: { ...MEMBER, options: OPTIONS_SG }, TT: { ...MEMBER, options: OPTIONS_TT } },
  mem2: { SG: { ...MEMBER, options: OPTIONS_SG }, TT: { ...MEMBER, options: OPTIONS_TT } },
  mem3: { SG: { ...MEMBER, options: OPTIONS_SG }, TT: { ...MEMBER, options: OPTIONS_TT } }
}

// Place Bets path per user who sees it: desktop SG, mobile SG, desktop TT, mobile TT (TT wins over mobile).
const placeBetsPaths = ['/bet/placeBets/add', '/bet/placeBets/add-20', '/bet/placeBets/add-simple', '/bet/placeBets/add-simple']

const asTable = (menu: MenuGroup[]) => Object.fromEntries(menu.map((g) => [g.key, g.items.map((i) => i.key).join(' ')]))

t.test('every fixture user gets exactly the menu of spec/menu-rules.md at SG and at TT', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors))
  const config = loaded.config
  t.same(Object.keys(expected).sort(), Object.keys(profiles).sort(), 'the table covers every fixture user')
  for (const [user, byLocation] of Object.entries(expected)) {
    for (const [name, location] of [['SG', SG], ['TT', TT]] as const) {
      const menu = buildMenu(config, ctxFor(user, location))
      t.same(asTable(menu), byLocation[name], `${user} at ${name}`)
      t.same(Object.keys(asTable(menu)), Object.keys(byLocation[name]), `${user} at ${name}: groups in spec order`)
      t.same(asTable(buildMenu(config, ctxFor(user, location, true))), byLocation[name], `${user} at ${name} on mobile: same items`)
    }
  }
})

t.test('paths: Place Bets variants, TT report paths, query values, external and action items', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const config = loaded.config
  const item = (menu: MenuGroup[], key: string) => menu.flatMap((g) => g.items).find((i) => i.key === key)
  for (const user of ['admin', 'ops', 'ag1', 'mem1', 'mem2', 'mem3']) {
    const paths = [ctxFor(user, SG), ctxFor(user, SG, true), ctxFor(user, TT), ctxFor(user, TT, true)].map((ctx) => item(buildMenu(config, ctx), 'placeBets')?.path)
    t.same(paths, placeBetsPaths, `${user}: Place Bets desktop, mobile, TT, TT on mobile`)
  }
  for (const user of ['clerk', 'ag2']) t.equal(item(buildMenu(config, ctxFor(user, SG)), 'placeBets'), undefined, `${user}: no Place Bets`)

  const adminTT = buildMenu(config, ctxFor('admin', TT))
  t.same(['reportFull', 'reportGroup', 'reportGroup2', 'reportStake', 'reportStrike', 'reportStrike2', 'reportDrawResult', 'reportCollection', 'reportSummary'].map((k) => item(adminTT, k)?.path),
    ['/report/tt/full', '/report/tt/group', '/report/tt/group2', '/report/tt/stake', '/report/tt/strike', '/report/tt/strike2', '/report/tt/drawResult', '/report/collection', '/report/summary'])
  const adminSG = buildMenu(config, ctxFor('admin', SG))
  t.equal(item(adminSG, 'reportFull')?.path, '/report/full')
  t.same(item(adminSG, 'reportFull')?.query, { VW: 'RPTFULL' })
  t.same(item(adminSG, 'ticketHistory')?.query, { VW: 'TICKETHIST', ViewDay: '1' })
  t.same([item(adminSG, 'betsIn'), item(adminSG, 'betsOut')].map((i) => [i?.path, i?.query]), [['/outset/betsIn', { ViewDay: '1', Choice: '1' }], ['/outset/betsIn', { ViewDay: '1', Choice: '2' }]])
  t.same(item(adminSG, 'profile')?.query, {})
  t.same(item(adminSG, 'androidApp'), { key: 'androidApp', label: 'menu.androidApp', path: 'https://apps.example.com/backoffice.apk', query: {}, external: true })
  t.same(item(adminSG, 'logout'), { key: 'logout', label: 'menu.logout', path: '/logout', query: {}, action: 'logout' })

  const both = { ...ctxFor('mem1', SG), settings: { mobileAppData: { downloadUrl: 'https://a.example/app.apk', iosDownloadUrl: 'https://a.example/app.mobileconfig' } } }
  t.same(asTable(buildMenu(config, both)).administration, 'profile mobile changePassword installationGuide androidApp iosApp home', 'both app links when both URLs are set')
  const none = { ...ctxFor('mem1', SG), settings: undefined }
  t.same(asTable(buildMenu(config, none)).administration, 'profile mobile changePassword installationGuide home', 'no app links without settings')
})
