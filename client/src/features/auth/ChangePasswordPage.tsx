import { useContext, useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { changePassword } from '../../lib/api.ts'
import { ApiError } from '../../lib/errors.ts'
import { useErrorText } from '../../lib/useErrorText.ts'
import { SessionContext } from '../../lib/session.tsx'
import { Captcha } from './Captcha.tsx'
import { useCaptcha } from './useCaptcha.ts'
import { brokenPasswordRules, passwordRuleKey } from '../../../../schemas/domain/password-rules.ts'

const UPDATED = 'Password updated.'

/** The failure text of seed 000 §8: the data list joined with '. ', else the message. */
function failureText (caught: unknown, errorText: (error: unknown) => string): string {
  const reasons = caught instanceof ApiError ? caught.errorBody?.data : undefined
  if (reasons && reasons.length > 0) return reasons.join('. ')
  return errorText(caught)
}

/** /change-password (forced, LoginId given) and /admin/changePassword: rules checked on submit, success back to sign-in. */
export function ChangePasswordPage () {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const session = useContext(SessionContext)
  const loginId = params.get('LoginId') ?? ''
  const [form, setForm] = useState({ UserId: '', OldPassword: '', Password1: '', Password2: '', Token: '' })
  const [ruleErrors, setRuleErrors] = useState<string[]>([])
  const [mismatch, setMismatch] = useState(false)
  const [alert, setAlert] = useState<{ type: 'success' | 'error', text: string } | null>(null)
  const change = useMutation({ mutationFn: changePassword })
  const submitting = change.isPending
  const captcha = useCaptcha(true)
  const handleCaptchaReload = captcha.reload
  const handleCaptchaError = captcha.markFailed
  const userId = loginId || form.UserId || session?.profile.UserId || ''

  useEffect(() => {
    if (alert?.type !== 'success') return
    // The sign-in page gets the user id back, so only the new password is left to type.
    const timer = setTimeout(() => navigate(`/login?${new URLSearchParams({ MsgSuccess: UPDATED, LoginId: userId })}`), 1200)
    return () => clearTimeout(timer)
  }, [alert, navigate, userId])

  const valid = Boolean(userId && form.OldPassword && form.Password1 && form.Password2 && form.Token)
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }))

  async function submit (event: FormEvent) {
    event.preventDefault()
    const broken = brokenPasswordRules(form.Password1).map((rule) => passwordRuleKey(rule.id))
    const differs = form.Password1 !== form.Password2
    setRuleErrors(broken)
    setMismatch(differs)
    if (broken.length > 0 || differs || !valid) return
    setAlert(null)
    try {
      await change.mutateAsync({ UserId: userId, OldPassword: form.OldPassword, Password1: form.Password1, Password2: form.Password2, Token: form.Token, xToken: captcha.xToken })
      setAlert({ type: 'success', text: UPDATED })
    } catch (caught) {
      setAlert({ type: 'error', text: failureText(caught, errorText) })
      setForm((f) => ({ ...f, Token: '' }))
      captcha.reload()
    }
  }

  return (
    <main className='login-box password-box'>
      <h1>{t('password.title')}</h1>
      <form onSubmit={submit} noValidate aria-label={t('password.title')}>
        {!loginId && (
          <div className='field'>
            <label htmlFor='pw-user'>{t('password.userId')}</label>
            <input id='pw-user' name='UserId' type='text' autoComplete='username' required value={form.UserId || session?.profile.UserId || ''} onChange={(e) => set('UserId')(e.target.value)} />
          </div>
        )}
        <div className='field'>
          <label htmlFor='pw-old'>{t('password.old')}</label>
          <input id='pw-old' name='OldPassword' type='password' autoComplete='current-password' required value={form.OldPassword} onChange={(e) => set('OldPassword')(e.target.value)} />
        </div>
        <div className='field'>
          <label htmlFor='pw-new'>{t('password.new')}</label>
          <input id='pw-new' name='Password1' type='password' autoComplete='new-password' required aria-invalid={ruleErrors.length > 0} aria-describedby='pw-new-errors' value={form.Password1} onChange={(e) => set('Password1')(e.target.value)} />
          <ul id='pw-new-errors' className='field-errors' data-testid='password-rules'>
            {ruleErrors.map((key) => <li key={key}>{t(key)}</li>)}
          </ul>
        </div>
        <div className='field'>
          <label htmlFor='pw-confirm'>{t('password.confirm')}</label>
          <input id='pw-confirm' name='Password2' type='password' autoComplete='new-password' required aria-invalid={mismatch} aria-describedby='pw-confirm-error' value={form.Password2} onChange={(e) => set('Password2')(e.target.value)} />
          <p id='pw-confirm-error' className='field-errors' data-testid='password-mismatch'>{mismatch ? t('password.mismatch') : ''}</p>
        </div>
        <Captcha src={captcha.src} failed={captcha.failed} width={100} height={33} value={form.Token} onChange={set('Token')} onReload={handleCaptchaReload} onImageError={handleCaptchaError} />
        <div className='actions'>
          <button type='submit' className='brand-button' disabled={!valid || submitting}>{t('password.submit')}</button>
          {submitting && <span className='spinner' role='status' aria-label={t('app.loading')} />}
          {!session && <Link to='/'>{t('password.loginLink')}</Link>}
        </div>
      </form>
      {alert && <p className={`msg msg--${alert.type}`} role='alert' data-testid='password-alert'>{alert.text}</p>}
    </main>
  )
}
