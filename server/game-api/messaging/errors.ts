// The SMS domain's failures, with stable codes and messages that say how to fix the cause.
import { dayOfDate, type IsoDate } from '../../../schemas/domain/calendar.ts'
import { coded } from '../lib/errors.ts'

const badPeriod = coded<[string, string, number]>('GA_SMS_BAD_PERIOD', '%s to %s is not a period of the report: the first day must not be later than the last, and a period covers at most %s days.', 400)

/** Every failure of the SMS routes, by stable code. */
export const smsErrors = {
  badSignature: coded('GA_SMS_BAD_SIGNATURE', 'X-Twilio-Signature does not match this request; sign with the gateway secret set on SMS Gateway, over the URL the gateway calls.', 403),
  notConfigured: coded('GA_SMS_NOT_CONFIGURED', 'Inbound SMS is not configured: set the gateway secret on SMS Gateway first.', 503),
  telegramNotConfigured: coded('GA_TELEGRAM_NOT_CONFIGURED', 'This game\'s Telegram bot has no token: set it on SMS Gateway first.', 503),
  badPhone: coded<[string]>('GA_SMS_BAD_PHONE', 'Phone "%s" is not a valid phone number; write it with its country code (Singapore numbers may omit 65).', 400),
  phoneTaken: coded<[string, string]>('GA_SMS_PHONE_TAKEN', 'Phone %s is registered to %s already; remove it there first (one phone, one user).', 409),
  outboundNotFound: coded<[number]>('GA_SMS_OUTBOUND_NOT_FOUND', 'Outbound message %s does not exist; pick one from the sent messages on SMS View.', 404),
  phoneNotFound: coded<[number]>('GA_SMS_PHONE_NOT_FOUND', 'Registered phone %s does not exist (it may have been removed already).', 404),
  badEndpoint: coded<[string, string]>('GA_SMS_BAD_ENDPOINT', '%s "%s" must be an http:// or https:// address.', 400),
  gatewayNotReady: coded('GA_SMS_GATEWAY_NOT_READY', 'The SMS gateway cannot send yet: set its endpoint, switch sending on and save, then send a test.', 409),
  testFailed: coded<[string]>('GA_SMS_TEST_FAILED', 'The gateway did not take the test message: %s. Check the endpoint, the account id and the auth token.', 502),
  badHours: coded<[string, string]>('GA_SMS_BAD_HOURS', 'The open time %s must be before the close time %s.', 400),
  badDays: coded<[string]>('GA_SMS_BAD_DAYS', 'The open days "%s" name no weekday; write the days such as Wed, Sat, Sun.', 400),
  badSmsNumber: coded<[string]>('GA_SMS_BAD_NUMBER', 'The SMS number "%s" is not a valid phone number; write it with its country code.', 400),
  drawNotFinal: coded<[number]>('GA_SMS_DRAW_NOT_FINAL', 'Draw %s is not finalised yet; finalise it in Draw Setting before sending its result or strikes.', 409),
  broadcastNotFound: coded<[number]>('GA_SMS_SEND_JOB_NOT_FOUND', 'Send job %s does not exist; start one from Send Result or Send Strike.', 404),
  // The days as the tables write them (MM/DD/YYYY).
  badPeriod: (from: IsoDate, to: IsoDate, days: number) => badPeriod(dayOfDate(from), dayOfDate(to), days),
  subscriptionNotFound: coded<[string]>('GA_SMS_SUBSCRIPTION_NOT_FOUND', 'Subscription %s does not exist (it may have been removed already).', 404),
  gatewayMessageNotFound: coded<[string]>('GA_SMS_GATEWAY_MESSAGE_NOT_FOUND', 'No message with gateway id %s was received or sent here; copy the id from the gateway\'s message log.', 404)
}
