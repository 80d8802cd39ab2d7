import createError from '@fastify/error'

// Set by @fastify/error's constructor (code, statusCode) or by codedError (params); declared here so the class body stays erasable.
export interface CodedError {
  code: string
  statusCode: number
  /** The values the message is made of, in order, as text (see codedError). */
  params?: string[]
}

/** The one base of both catalogues' errors (the service's CataloguedError, the game API's GameApiError): a stable code, a status, the message's values. */
export class CodedError extends Error {}

/** A catalogue entry: called with or without new, its arguments fill the message's %s in order and are kept as the error's params. */
export type CodedConstructor<E, Args extends unknown[]> = { (...args: Args): E, new (...args: Args): E }

/**
 * A catalogue entry built by @fastify/error on Base, whose errors also keep the values their message is made of (params, as text):
 * with the stable code they let a client say the refusal in its user's language.
 */
export function codedError<E extends CodedError, Args extends unknown[]> (Base: new (...args: never[]) => E, code: string, message: string, statusCode: number): CodedConstructor<E, Args> {
  const Made = createError(code, message, statusCode, Base as unknown as ErrorConstructor)
  // A message that is only its argument (another system's text) has no values of its own.
  const valued = message !== '%s'
  function Coded (...args: Args): E {
    const error = new Made(...args) as unknown as E
    if (valued && args.length > 0) error.params = args.map(String)
    return error
  }
  Coded.prototype = Made.prototype
  // `instanceof` an entry keeps meaning "raised by this entry".
  Object.defineProperty(Coded, Symbol.hasInstance, { value: (value: unknown) => value instanceof Made })
  return Coded as unknown as CodedConstructor<E, Args>
}
