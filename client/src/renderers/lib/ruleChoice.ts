// "Who sees it" as the form editors offer it: everyone (no rule), one of the config's shared rules (a fragment such as
// fragments/rules.json#/groupIntake), or a rule written out in the rule language's JSON, typed and checked as JSON.
import { RULE_OPERATORS } from '../../../../schemas/rule.ts'
import { isObject, parsed, type Json } from './draftTexts.ts'

/** What the operator chose. */
export type RuleChoice =
  | { kind: 'everyone' }
  | { kind: 'shared', ref: string }
  | { kind: 'written', text: string }

/** A shared rule a form offers: its $ref and its part's name. */
export interface SharedRule { ref: string, name: string, rule: Json }

const OPERATORS = new Set<string>(RULE_OPERATORS)

/** Whether a value has a rule's shape: one operator of the rule language (checked fully by the service at the save). */
export const looksLikeRule = (value: unknown) => isObject(value) && Object.keys(value).length === 1 && OPERATORS.has(Object.keys(value)[0] ?? '')

/** The parts of the draft's fragment files that are rules, by file and part name. */
export function sharedRules (files: Readonly<Record<string, string>>): SharedRule[] {
  const rules: SharedRule[] = []
  for (const path of Object.keys(files).filter((p) => p.startsWith('fragments/')).sort()) {
    const doc = parsed(files[path])
    if (!isObject(doc)) continue
    for (const [name, part] of Object.entries(doc)) if (looksLikeRule(part)) rules.push({ ref: `${path}#/${name}`, name, rule: part })
  }
  return rules
}

/** The choice a written rule is: none, a bare $ref to a fragment, or a rule written out (shown as one line of JSON). */
export function ruleChoiceOf (rule: Json | undefined): RuleChoice {
  if (rule === undefined || rule === null) return { kind: 'everyone' }
  if (isObject(rule) && typeof rule.$ref === 'string' && Object.keys(rule).length === 1) return { kind: 'shared', ref: rule.$ref }
  return { kind: 'written', text: JSON.stringify(rule) }
}

/** The rule to write for a choice; undefined for everyone; 'invalid' while a written rule is not JSON of a rule's shape. */
export function ruleOfChoice (choice: RuleChoice): Json | undefined | 'invalid' {
  if (choice.kind === 'everyone') return undefined
  if (choice.kind === 'shared') return { $ref: choice.ref }
  const value = parsed(choice.text)
  return looksLikeRule(value) ? value : 'invalid'
}

/** The select's value for a choice, and back: '' everyone, '=' written, a $ref otherwise. */
export const choiceValue = (choice: RuleChoice) => choice.kind === 'everyone' ? '' : choice.kind === 'written' ? '=' : choice.ref
export function choiceFromValue (value: string, current: RuleChoice, shared: readonly SharedRule[]): RuleChoice {
  if (value === '') return { kind: 'everyone' }
  // Written out from the shared rule chosen before (to change a copy of it), else from a first example to change.
  if (value === '=') {
    if (current.kind === 'written') return current
    const from = current.kind === 'shared' ? shared.find((r) => r.ref === current.ref)?.rule : undefined
    return { kind: 'written', text: JSON.stringify(from ?? { role: 'ADMIN' }) }
  }
  return { kind: 'shared', ref: value }
}
