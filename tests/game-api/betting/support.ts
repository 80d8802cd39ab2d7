import type { GameApiHarness } from '../harness.ts'

/** The harness clock starts on Wednesday 2030-01-02 10:00 GMT+8; that day's 4D draw closes at 18:00 GMT+8 (10:00 UTC). */
export const WEDNESDAY_CLOSE = '2030-01-02T10:00:00Z'
/** Thursday 2030-01-03's TOTO draw closes at 21:00 GMT+8 (13:00 UTC). */
export const THURSDAY_CLOSE = '2030-01-03T13:00:00Z'

/** A 4D result the draw tests enter (one definition, with the CSV file made of it). */
export { SAMPLE_4D_RESULT } from '../../helpers/result-file.ts'

/** Calls the game API and answers the status and the parsed body. */
export async function api (h: GameApiHarness, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown): Promise<{ status: number, body: any }> {
  const response = await h.call(method, url, { token, ...(payload !== undefined ? { payload: payload as object } : {}) })
  return { status: response.statusCode, body: response.json() }
}

/** Moves the clock and signs the users in again (tokens die after 30 idle minutes). */
export async function moveTo<U extends string> (h: GameApiHarness, iso: string, users: U[]): Promise<Record<U, string>> {
  h.clock.set(iso)
  const tokens = {} as Record<U, string>
  for (const u of users) tokens[u] = await h.signIn(u)
  return tokens
}

/** A user's money fields as the profile shows them. */
export async function money (h: GameApiHarness, token: string): Promise<{ AccBal: number, CreditLeft: number }> {
  const { body } = await api(h, 'GET', '/api/v1/profile', token)
  return { AccBal: body.data.AccBal, CreditLeft: body.data.CreditLeft }
}

/** The super password the tests set for admin (it keeps the six password rules and differs from the sign-in password). */
export const SUPER_PASSWORD = 'Super#2030'

/** Sets the caller's super password through PUT super-password (fails the test on any other answer). */
export async function setSuperPassword (h: GameApiHarness, token: string, signInPassword = 'Demo#1234'): Promise<void> {
  const set = await api(h, 'PUT', '/api/v1/4d/super-password', token, { Password: signInPassword, SuperPassword1: SUPER_PASSWORD, SuperPassword2: SUPER_PASSWORD })
  if (set.status !== 200) throw new Error(`super-password failed: ${JSON.stringify(set.body)}`)
}
