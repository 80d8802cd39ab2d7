import { useTranslation } from 'react-i18next'
import { choiceFromValue, choiceValue, ruleOfChoice, type RuleChoice, type SharedRule } from '../lib/ruleChoice.ts'

/** Who sees a column or a menu entry: everyone, one of the config's shared rules, or a rule written here as JSON. */
export function RuleSelect ({ name, choice, shared, readOnly, onChange }: {
  name: string
  choice: RuleChoice
  shared: readonly SharedRule[]
  readOnly: boolean
  onChange: (choice: RuleChoice) => void
}) {
  const { t } = useTranslation()
  const value = choiceValue(choice)
  // A $ref to a rule this form does not list (another fragment's part) is offered as it is.
  const unlisted = choice.kind === 'shared' && !shared.some((r) => r.ref === choice.ref)
  return (
    <div className='rr-config-form-rule'>
      <select value={value} disabled={readOnly} aria-label={t('common.configForm.whoSeesOf', { name })} onChange={(e) => onChange(choiceFromValue(e.target.value, choice, shared))}>
        <option value=''>{t('common.configForm.everyone')}</option>
        {shared.map((rule) => <option key={rule.ref} value={rule.ref}>{t('common.configForm.sharedRule', { name: rule.name })}</option>)}
        {unlisted && <option value={value}>{t('common.configForm.sharedRule', { name: choice.ref })}</option>}
        <option value='='>{t('common.configForm.writtenRule')}</option>
      </select>
      {choice.kind === 'written' && (
        <input
          type='text' className='rr-config-form-rule-text' value={choice.text} readOnly={readOnly} spellCheck={false}
          aria-label={t('common.configForm.ruleOf', { name })} aria-invalid={ruleOfChoice(choice) === 'invalid'}
          onChange={(e) => onChange({ kind: 'written', text: e.target.value })}
        />
      )}
    </div>
  )
}
