// A local stand-in for the SMS gateway's send call (Twilio's Messages API shape), for the tests and a local demo: never the internet.
import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import formbody from '@fastify/formbody'

/** A message the stand-in took. */
export interface SentSms { sid: string, to: string, from: string, body: string, at: Date }

/** The running stand-in: its Messages URL, what it took, and a switch to fail the next calls. */
export interface StandInGateway {
  url: string
  messages: SentSms[]
  /** The next n calls answer 500 (a gateway outage), so retries can be seen. */
  failNext(n: number): void
  close(): Promise<void>
}

/** Starts the stand-in on a free loopback port; it takes POST /2010-04-01/Accounts/{AccountSid}/Messages.json with Basic auth AccountSid:authToken. */
export async function startStandInGateway (options: { accountSid: string, authToken: string }): Promise<StandInGateway> {
  const app = Fastify({ logger: false })
  await app.register(formbody)
  const messages: SentSms[] = []
  let failures = 0
  const expected = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`
  app.post<{ Params: { sid: string }, Body: Record<string, string> }>('/2010-04-01/Accounts/:sid/Messages.json', async (request, reply) => {
    if (request.params.sid !== options.accountSid || request.headers.authorization !== expected) return reply.status(401).send({ code: 20003, message: 'Authenticate' })
    if (failures > 0) { failures--; return reply.status(500).send({ code: 20500, message: 'Internal Server Error' }) }
    const { To: to = '', From: from = '', Body: body = '' } = request.body
    if (to === '' || body === '') return reply.status(400).send({ code: 21604, message: 'A \'To\' phone number and a \'Body\' are required.' })
    const sms = { sid: `SM${randomBytes(16).toString('hex')}`, to, from, body, at: new Date() }
    messages.push(sms)
    return reply.status(201).send({ sid: sms.sid, status: 'queued', to, from, body })
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    url: `${address}/2010-04-01/Accounts/${options.accountSid}/Messages.json`,
    messages,
    failNext: (n) => { failures = n },
    close: () => app.close()
  }
}
