// A local stand-in for the SMS gateway's send call (Twilio's Messages API shape), for the tests and the local demo: never the internet.
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import formbody from '@fastify/formbody'

/** A message the stand-in took. */
export interface SentSms { sid: string, to: string, from: string, body: string, at: Date, idempotencyKey: string | null }

/** What the stand-in's routes share: the credentials it accepts, what it took, and the failures still to answer. */
export interface StandInState {
  accountSid: string
  authToken: string
  messages: SentSms[]
  failures: number
}

/** The stand-in's path under its prefix for an account: POST here to send. */
export const standInMessagesPath = (accountSid: string) => `/2010-04-01/Accounts/${accountSid}/Messages.json`

/**
 * Registers POST /2010-04-01/Accounts/{AccountSid}/Messages.json (Basic auth AccountSid:authToken) on app: 201 with a sid for a message,
 * 401 for other credentials, 500 while failures are owed. A repeated Idempotency-Key answers the first message again without taking it twice.
 */
export async function standInGatewayRoutes (app: FastifyInstance, state: StandInState): Promise<void> {
  const byKey = new Map<string, SentSms>()
  app.post<{ Params: { sid: string }, Body: Record<string, string> }>('/2010-04-01/Accounts/:sid/Messages.json', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${state.accountSid}:${state.authToken}`).toString('base64')}`
    if (request.params.sid !== state.accountSid || request.headers.authorization !== expected) return reply.status(401).send({ code: 20003, message: 'Authenticate' })
    if (state.failures > 0) { state.failures--; return reply.status(500).send({ code: 20500, message: 'Internal Server Error' }) }
    const { To: to = '', From: from = '', Body: body = '' } = request.body ?? {}
    if (to === '' || body === '') return reply.status(400).send({ code: 21604, message: 'A \'To\' phone number and a \'Body\' are required.' })
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null
    const seen = key === null ? undefined : byKey.get(key)
    if (seen) return reply.status(200).send({ sid: seen.sid, status: 'queued', to: seen.to, from: seen.from, body: seen.body })
    const sms = { sid: `SM${randomBytes(16).toString('hex')}`, to, from, body, at: new Date(), idempotencyKey: key }
    state.messages.push(sms)
    if (key !== null) byKey.set(key, sms)
    return reply.status(201).send({ sid: sms.sid, status: 'queued', to, from, body })
  })
}

/** The running stand-in: its Messages URL, what it took, and a switch to fail the next calls. */
export interface StandInGateway {
  url: string
  messages: SentSms[]
  /** The next n calls answer 500 (a gateway outage), so retries can be seen. */
  failNext(n: number): void
  close(): Promise<void>
}

/** Starts the stand-in on a free loopback port (or the port given). */
export async function startStandInGateway (options: { accountSid: string, authToken: string, port?: number }): Promise<StandInGateway> {
  const app = Fastify({ logger: false })
  await app.register(formbody)
  const state: StandInState = { accountSid: options.accountSid, authToken: options.authToken, messages: [], failures: 0 }
  await standInGatewayRoutes(app, state)
  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' })
  return {
    url: `${address}${standInMessagesPath(options.accountSid)}`,
    messages: state.messages,
    failNext: (n) => { state.failures = n },
    close: () => app.close()
  }
}
