// The local demo's SMS gateway (npm start): the stand-in's send call mounted on the game API itself, so replies, results and strikes
// are sent somewhere real and show as sent in SMS View without any account with a provider.
import type { FastifyInstance } from 'fastify'
import type { Queryable } from '../../../shared/db.ts'
import { readSettings, settingKeys, writeSetting } from '../../lib/store/settings.ts'
import { standInGatewayRoutes, standInMessagesPath, type StandInState } from './sms-gateway.ts'

/** Where the demo gateway is mounted on the game API. */
export const DEMO_GATEWAY_PREFIX = '/demo-sms-gateway'

/** The demo account the stand-in accepts (a local demo's own, not a provider's). */
export const DEMO_GATEWAY_ACCOUNT = { accountSid: 'ACdemo0000000000000000000000000000', authToken: 'demo-gateway-auth-token' } as const

/** Mounts the stand-in's send call under DEMO_GATEWAY_PREFIX; answers what it took. */
export async function mountDemoGateway (app: FastifyInstance): Promise<StandInState> {
  const state: StandInState = { ...DEMO_GATEWAY_ACCOUNT, messages: [], failures: 0 }
  await app.register(async (scope) => { await standInGatewayRoutes(scope, state) }, { prefix: DEMO_GATEWAY_PREFIX })
  return state
}

/**
 * Points SMS Gateway at the demo gateway of the game API listening at address, unless an operator chose another gateway: only an
 * empty endpoint or an earlier demo one (another port) is replaced, and the account and token only when none is set.
 */
export async function useDemoGateway (q: Queryable, address: string): Promise<boolean> {
  const [url = '', accountSid = '', token = '', senderId = ''] = await readSettings(q, [settingKeys.smsGatewayUrl, settingKeys.smsAccountSid, settingKeys.smsInboundSecret, settingKeys.smsSenderId])
  if (url !== '' && !url.includes(`${DEMO_GATEWAY_PREFIX}/`)) return false
  await writeSetting(q, settingKeys.smsGatewayUrl, `${address}${DEMO_GATEWAY_PREFIX}${standInMessagesPath(DEMO_GATEWAY_ACCOUNT.accountSid)}`)
  if (accountSid === '') await writeSetting(q, settingKeys.smsAccountSid, DEMO_GATEWAY_ACCOUNT.accountSid)
  if (token === '') await writeSetting(q, settingKeys.smsInboundSecret, DEMO_GATEWAY_ACCOUNT.authToken)
  if (senderId === '') await writeSetting(q, settingKeys.smsSenderId, 'DemoBet')
  return true
}
