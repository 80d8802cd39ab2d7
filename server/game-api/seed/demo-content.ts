import type { Announcement, Role, SmsSettings } from '../../../schemas/game-api.ts'
import { settingKeys } from '../lib/store/settings.ts'

/** App download links shown in the menu (example.com: reserved for examples, never a real download). */
export const demoSettings: Record<string, string> = {
  [settingKeys.downloadUrl]: 'https://downloads.example.com/backoffice/backoffice-demo.apk',
  [settingKeys.iosDownloadUrl]: 'https://downloads.example.com/backoffice/backoffice-demo.mobileconfig',
  [settingKeys.currencyCode]: 'SGD'
}

/** SMS and Telegram betting settings: 4D and TOTO differ; TOTO has no help desk line, to show the optional line hidden. */
export const demoSmsSettings: Array<SmsSettings & { game: '4D' | 'TOTO' }> = [
  { game: '4D', SMSNumber: '6591234567', TelegramBot: 'Demo4DBetBot', OpenTime: '09:00', CloseTime: '18:00', OpenDay: 'Wed, Sat, Sun', SMSHelpdesk: '+65 6123 4567 (10:00 to 22:00)' },
  { game: 'TOTO', SMSNumber: '6598765432', TelegramBot: 'DemoTotoBetBot', OpenTime: '09:00', CloseTime: '21:00', OpenDay: 'Mon, Thu', SMSHelpdesk: '' }
]

const band = (top: string, bottom: string) =>
  'data:image/svg+xml,' + encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="98"><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient><rect width="8" height="98" fill="url(#g)"/></svg>`)

/** Theme by role: header background image (a self-contained gradient), left menu class, table row colours. */
export function demoTheme (role: Role): { VipTopBGImage: string, VipLeftCss: string, ColorTbl01: string, ColorTbl02: string } {
  switch (role) {
    case 'ADMIN': return { VipTopBGImage: band('#1f3b63', '#345d94'), VipLeftCss: 'vip-left-admin', ColorTbl01: '#e8f0fb', ColorTbl02: '#ffffff' }
    case 'AG': return { VipTopBGImage: band('#5b3a12', '#9a6a2c'), VipLeftCss: 'vip-left-agent', ColorTbl01: '#fdf3e1', ColorTbl02: '#fffdf8' }
    case 'MEM': return { VipTopBGImage: band('#1d4d2f', '#2f7a4b'), VipLeftCss: 'vip-left-member', ColorTbl01: '#e9f6ee', ColorTbl02: '#ffffff' }
  }
}

const pixelChart = 'data:image/svg+xml;base64,' + Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="6" fill="#ffd54f"/><text x="60" y="26" font-size="16" text-anchor="middle" font-family="sans-serif">4D / TOTO</text></svg>').toString('base64')

/** Announcements, oldest first, as an operator writes them: colours, pop-ups, rich HTML (bold, list, link, image), per location. The tests post their own hostile payload. */
export function demoAnnouncements (): Array<Pick<Announcement, 'Content' | 'Color' | 'PopUp' | 'LocId'>> {
  return [
    { Content: '<b>Welcome to the demo back office.</b><br>4D betting closes at 18:00 (GMT +8) on Wednesday, Saturday and Sunday; TOTO at 21:00 on Monday and Thursday.', Color: '#fff3cd', PopUp: 'Y', LocId: null },
    { Content: '<p>What is new this week:</p><ul><li>Bet upload accepts <b>.ara</b> files</li><li>Reports open faster</li><li>Telegram betting for members</li></ul>', Color: '#d1ecf1', PopUp: 'N', LocId: null },
    { Content: `<p>Check the <a href="https://www.example.com/results" target="_blank" rel="noopener noreferrer">official draw results</a> after each draw.</p><img src="${pixelChart}" alt="4D and TOTO" width="120" height="40">`, Color: 'lightyellow', PopUp: 'N', LocId: null },
    { Content: '<b>Singapore:</b> planned system maintenance on Monday from 02:00 to 04:00 (GMT +8).', Color: '#f8d7da', PopUp: 'Y', LocId: 'SG' },
    { Content: 'TOTO: the Group 1 prize snowballs to <b>$2,000,000</b> this Thursday.', Color: '#e2e3e5', PopUp: 'N', LocId: 'TT' },
    { Content: 'Agents: <b>weekly statements</b> are ready every Monday from 10:00 (GMT +8) under Payments.', Color: '#ffffff', PopUp: 'N', LocId: null }
  ]
}
