// The SMS gateway providers: one list the gateway's store, its use cases and SMS Gateway's schema share.

/** The providers whose send call the sender speaks; Twilio's Messages API is the one today (the stand-in gateway speaks it too). */
export const SMS_PROVIDERS = ['twilio'] as const
export type SmsProvider = typeof SMS_PROVIDERS[number]
