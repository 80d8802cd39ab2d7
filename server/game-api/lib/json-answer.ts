// Answers whose data the database already wrote as JSON (a 20,000-row downline): sent as it is, never parsed and written again.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { FIELDS_HEADER } from '../../shared/field-selection.ts'
import { ok } from './envelope.ts'

const OPEN = Buffer.from('{"success":true,"data":')
const CLOSE = Buffer.from('}')

/**
 * The success envelope around data already written as JSON, as bytes: encoded once into one buffer, where a string would be
 * joined, flattened, measured for Content-Length and encoded again on write (about 4 ms for a 3.7 MB downline).
 */
export function okJsonBytes (json: string): Buffer {
  const length = Buffer.byteLength(json)
  const bytes = Buffer.allocUnsafe(OPEN.length + length + CLOSE.length)
  OPEN.copy(bytes, 0)
  bytes.write(json, OPEN.length, 'utf8')
  CLOSE.copy(bytes, OPEN.length + length)
  return bytes
}

/**
 * The route's answer for data the database wrote as JSON: the text in the success envelope as it is; parsed only when the
 * caller asked for a column cut, which the serialiser's hook makes on objects. Typed never: a route's handler returns
 * what its response schema describes, and both answers are that.
 */
export function jsonAnswer (request: FastifyRequest, reply: FastifyReply, json: string): never {
  if (request.headers[FIELDS_HEADER] !== undefined) return ok(JSON.parse(json) as unknown) as never
  return reply.type('application/json; charset=utf-8').send(okJsonBytes(json)) as never
}
