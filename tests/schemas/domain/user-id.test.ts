import t from 'tap'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { USER_ID_PATTERN, keepableUserId } from '../../../schemas/domain/user-id.ts'
import { checkValue } from '../../../schemas/domain/field-constraints.ts'
import { fromRoot } from '../../../server/shared/paths.ts'

// The user-id shape once: the game API's account rules and the service read USER_ID_PATTERN; a form that checks a
// new UserId (config JSON, which cannot import it) must state the same pattern, which this test holds it to.
t.test('a user id is a letter, then 2 to 19 letters, digits or underscores', async (t) => {
  t.same(['abc', 'A_1', 'a234567890123456789x'].map((id) => USER_ID_PATTERN.test(id)), [true, true, true])
  t.same(['ab', '1abc', 'a b', 'a-b1', 'a234567890123456789xz', 'ämem', ''].map((id) => USER_ID_PATTERN.test(id)), [false, false, false, false, false, false, false])
})

t.test('a typed sign-in name is kept only when it could be an id and not a password', async (t) => {
  t.ok(keepableUserId('agent01'))
  t.notOk(keepableUserId('Demo#1234'), 'a good password is never recorded')
  t.notOk(keepableUserId('no spaces'))
})

function jsonFiles (dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? jsonFiles(path) : path.endsWith('.json') ? [path] : []
  })
}

/** Every pattern a config field named UserId checks its value with, by file. */
function userIdPatterns (): Array<{ file: string, pattern: string, messageKey: string }> {
  const found: Array<{ file: string, pattern: string, messageKey: string }> = []
  for (const file of jsonFiles(fromRoot('menus'))) {
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) { node.forEach(visit); return }
      if (node === null || typeof node !== 'object') return
      const o = node as Record<string, unknown>
      if (o.name === 'UserId' && Array.isArray(o.patterns)) for (const p of o.patterns as Array<{ pattern: string, messageKey: string }>) found.push({ file, ...p })
      Object.values(o).forEach(visit)
    }
    visit(JSON.parse(readFileSync(file, 'utf8')))
  }
  return found
}

t.test('every form that checks a new UserId states the one pattern', async (t) => {
  const patterns = userIdPatterns()
  // One field of the create-agent and create-player dialogs (menus/fragments/accounts.json) holds it for both.
  t.ok(patterns.length >= 1, `the new-account UserId field was found (${patterns.length})`)
  for (const p of patterns) t.equal(p.pattern, USER_ID_PATTERN.source, p.file)
  // The form's check, through the one checker, agrees with the game API's on ids either side of the rule.
  const [first] = patterns
  for (const id of ['abc', 'ab', '1abc', 'a_b_c']) {
    const formRefuses = checkValue(id, { patterns: first ? [first] : [] }).length > 0
    t.equal(formRefuses, !USER_ID_PATTERN.test(id), id)
  }
})
