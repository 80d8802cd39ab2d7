// The SMS gateway's settings as the sender and SMS Gateway's page see them, and whether it may send, without reading the settings.
import type { SmsProvider } from './sms-providers.ts'

/** Everything the sender needs, the secret included: never answered, logged or audited. */
export interface GatewaySettings {
  provider: SmsProvider
  url: string
  accountSid: string
  authToken: string
  senderId: string
  enabled: boolean
  inboundUrl: string
  ratePerSecond: number
  costPerMessage: number
}

/** The gateway as SMS Gateway shows it: the secret replaced by whether one is set. */
export interface GatewayView {
  Provider: SmsProvider
  Endpoint: string
  AccountSid: string
  SenderId: string
  Enabled: boolean
  InboundUrl: string
  RatePerSecond: number
  CostPerMessage: number
  AuthTokenSet: boolean
}

/** Whether messages may leave now: sending is on and a gateway URL is set (otherwise they wait, queued). */
export const gatewayReady = (g: GatewaySettings): boolean => g.enabled && g.url !== ''

/** The settings as SMS Gateway shows them, without the secret. */
export function gatewayView (g: GatewaySettings): GatewayView {
  return {
    Provider: g.provider,
    Endpoint: g.url,
    AccountSid: g.accountSid,
    SenderId: g.senderId,
    Enabled: g.enabled,
    InboundUrl: g.inboundUrl,
    RatePerSecond: g.ratePerSecond,
    CostPerMessage: g.costPerMessage,
    AuthTokenSet: g.authToken !== ''
  }
}
