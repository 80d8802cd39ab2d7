// The access gate's rerun rule (seed 001 §4): the check follows the user id input only when it changes to a non-empty value.

/** The user id the gate checks next: the new input when non-empty, else the one it had. */
export function gateUserId (previous: string | undefined, input: unknown): string | undefined {
  const value = input === undefined || input === null ? '' : String(input).trim()
  return value === '' ? previous : value
}
