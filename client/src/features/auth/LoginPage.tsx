import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, NativeSelect, PasswordInput, TextInput } from '@mantine/core'
import { login, setCsrfToken, type LoginFailure, type PublicBrand } from '../../lib/api.ts'
import { ApiError } from '../../lib/errors.ts'
import { useErrorText } from '../../lib/useErrorText.ts'
import { fetchSession } from '../../lib/sessionRead.ts'
import { useLoad } from '../../lib/useLoad.ts'
import { changeLang, currentLang, translateMessage } from '../../lib/i18n.ts'
import { clearAuth, keys, localSet, sessionGet, sessionSet } from '../../lib/storage.ts'
import { BrandLogo } from './LoginFrame.tsx'
import { Captcha } from './Captcha.tsx'
import { useCaptcha } from './useCaptcha.ts'
import { withLocId } from './redirects.ts'
import { useBrandFace } from '../../lib/brandFace.ts'
import { captchaPrecheck as precheck } from './captchaPrecheck.ts'

/** The three errors that turn the captcha on (seed 000 §4). */
function requiresCaptcha (failure: LoginFailure | undefined): boolean {
  return Boolean(failure?.captchaRequired) || failure?.message === 'Captcha incorrect.' || failure?.message === 'Login Failed'
}

/** Captcha from the build flag ENABLE_CAPTCHA or a server message that required it. */
const captchaAtStart = () => import.meta.env.VITE_ENABLE_CAPTCHA === 'true' || sessionGet(keys.captchaRequired) === '1'

/** Where the sign-in screen sends the browser next (the signed-in app takes over from there). */
export type Leave = (url: string, options?: { replace?: boolean }) => void

/**
 * /login: authentication pre-check, then the branded form with its captcha and its three message areas. It reads no router and no
 * query cache, so the sign-in route loads without either (app/SignInApp.tsx); `leave` hands over to the app.
 */
export function LoginPage ({ brand, leave }: { brand: PublicBrand | null, leave: Leave }) {
  const { t, i18n } = useTranslation()
  const { name } = useBrandFace(brand)
  // A brand's button wording is English (seed 000 §1); in Chinese the button reads the catalogue's word.
  const buttonText = i18n.language === 'en' && brand ? brand.button : t('login.login')
  const [params] = useState(() => new URLSearchParams(window.location.search))
  const returnUrl = params.get('returnUrl') || '/admin/home'
  const switches = brand?.switches ?? {}
  const togglable = Boolean(switches.topNav || switches.toggleLoginBox)

  // The pre-check: a failure shows the form, as being signed out does.
  const checked = useLoad(fetchSession, null)
  const known = checked !== undefined
  const session = checked ?? null
  const [submitting, setSubmitting] = useState(false)
  const [enableCaptcha, setEnableCaptcha] = useState(captchaAtStart)
  const errorText = useErrorText()
  // The refused sign-in's text, in the user's language when its code is known.
  const [error, setError] = useState<string | undefined>()
  const [isMemberAuthFailed, setIsMemberAuthFailed] = useState(false)
  const [errorMessage, setErrorMessage] = useState(params.get('Msg') ?? '')
  const [successMessage] = useState(params.get('MsgSuccess') ?? '')
  // LoginId: the user id a finished password change hands back, so only the new password is left to type.
  const [form, setForm] = useState({ UserId: params.get('LoginId') ?? '', Password: '', Token: '' })
  const [boxOpen, setBoxOpen] = useState(!togglable || Boolean(errorMessage || successMessage))
  const captcha = useCaptcha(enableCaptcha)
  const handleCaptchaReload = captcha.reload
  const handleCaptchaError = captcha.markFailed
  const box = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const requireCaptcha = () => { sessionSet(keys.captchaRequired, '1'); setEnableCaptcha(true) }
  // Before the first try: a fresh page learns whether this address (or the handed-back user id) already needs the captcha.
  const firstCheck = useLoad(() => precheck(params.get('LoginId') ?? ''), false)
  useEffect(() => { if (firstCheck === true) { sessionSet(keys.captchaRequired, '1'); setEnableCaptcha(true) } }, [firstCheck])
  const checkUserId = () => { if (!enableCaptcha && form.UserId) precheck(form.UserId).then((needed) => { if (needed) requireCaptcha() }) }

  // A user already signed in goes on to the terms or their page.
  useEffect(() => {
    if (!known || !session) return
    if (!session.termsAccepted) { leave('/terms', { replace: true }); return }
    const from = sessionGet(keys.currentUrl) ?? ''
    const home = ['', '/', '/login'].includes(from.split('?')[0] ?? '') || returnUrl.startsWith('/login') ? '/admin/home' : returnUrl
    leave(withLocId(home, session.location.LocId), { replace: true })
  }, [known, session, leave, returnUrl])

  // The toggled login box closes on a click anywhere else.
  useEffect(() => {
    if (!switches.toggleLoginBox || !boxOpen) return
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node
      if (!box.current?.contains(target) && !toggle.current?.contains(target)) setBoxOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [switches.toggleLoginBox, boxOpen])

  // The page stays blank until we know whether the user is already signed in (any failure shows the form).
  if (!known || session) return null

  const valid = Boolean(form.UserId && form.Password && (!enableCaptcha || form.Token))
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }))

  async function submit (event: FormEvent) {
    event.preventDefault()
    if (!valid || submitting) return
    setSubmitting(true)
    setError(undefined)
    setIsMemberAuthFailed(false)
    setErrorMessage('')
    // A user id that needs the captcha gets the field to answer first, not a refusal of the right password.
    if (!enableCaptcha && await precheck(form.UserId)) {
      setSubmitting(false)
      requireCaptcha()
      return
    }
    try {
      const grant = await login({ UserId: form.UserId, Password: form.Password, Lang: 'en', Token: form.Token, xToken: captcha.xToken })
      if (grant.updatePassword) {
        clearAuth()
        setCsrfToken(grant.csrfToken)
        leave(`/change-password?LoginId=${encodeURIComponent(form.UserId)}`)
        return
      }
      setCsrfToken(grant.csrfToken)
      localSet(keys.loc, grant.LocId)
      sessionSet(keys.user, JSON.stringify({ UserId: form.UserId, LocId: grant.LocId }))
      sessionSet(keys.termsAccepted, String(grant.termsAccepted))
      leave(grant.termsAccepted ? withLocId(returnUrl.startsWith('/login') ? '/admin/home' : returnUrl, grant.LocId) : '/terms')
    } catch (caught) {
      setSubmitting(false)
      const body: LoginFailure | undefined = caught instanceof ApiError ? caught.errorBody : undefined
      if (caught instanceof ApiError && caught.status === 400 && body) {
        setError(errorText(caught))
        setIsMemberAuthFailed(true)
      } else {
        setErrorMessage(errorText(caught))
      }
      // Too many tries is a failed sign-in too: the captcha turns on as for Login Failed.
      const throttled = caught instanceof ApiError && caught.status === 429
      if (throttled || requiresCaptcha(body)) {
        sessionSet(keys.captchaRequired, '1')
        if (enableCaptcha) captcha.reload()
        setEnableCaptcha(true)
      } else if (enableCaptcha) {
        captcha.reload()
      }
      setForm((f) => ({ ...f, Token: '' }))
    }
  }

  const userLabel = switches.emailLabel ? t('login.email') : t('login.userId')
  const lang = currentLang()

  return (
    <div className='login-screen'>
      {switches.topNav && (
        <nav className='brand-nav' aria-label={t('nav.label')}>
          <ul>
            <li><a href='#home'>{t('nav.home')}</a></li>
            <li><a href='#podcasts'>{t('nav.podcasts')}</a></li>
            <li><a href='#gallery'>{t('nav.gallery')}</a></li>
            <li><a href='#about-us'>{t('nav.aboutUs')}</a></li>
            <li><a href='#create-account'>{t('nav.createAccount')}</a></li>
            <li><button type='button' ref={toggle} aria-expanded={boxOpen} aria-controls='login-box' onClick={() => setBoxOpen((o) => !o)}>{t('nav.signIn')}</button></li>
          </ul>
        </nav>
      )}
      <main className='login-main'>
        <BrandLogo brand={brand} />
        {switches.toggleLoginBox && (
          <button type='button' ref={toggle} className='brand-button login-toggle' aria-expanded={boxOpen} aria-controls='login-box' onClick={() => setBoxOpen((o) => !o)}>{buttonText}</button>
        )}
        <div className='login-box' id='login-box' ref={box} hidden={!boxOpen}>
          {switches.heading && <h1 className='login-heading'>{t('login.heading')}</h1>}
          {!switches.heading && <h1 className='visually-hidden'>{name}</h1>}
          {switches.languageSelector && (
            <NativeSelect
              id='login-lang' className='field' label={t('login.language')} value={lang === 'en' ? 'EN' : 'CH'} data={['EN', 'CH']}
              onChange={(e) => { changeLang(e.currentTarget.value === 'EN' ? 'en' : 'ch') }}
            />
          )}
          <form onSubmit={submit} aria-label={t('login.form')} noValidate>
            <TextInput
              id='login-user' className='field' name='UserId' label={userLabel} autoComplete='username' required withAsterisk={false}
              value={form.UserId} onChange={(e) => set('UserId')(e.currentTarget.value)} onBlur={checkUserId}
            />
            <PasswordInput
              id='login-password' className='field' name='Password' label={t('login.password')} autoComplete='current-password' required withAsterisk={false}
              value={form.Password} onChange={(e) => set('Password')(e.currentTarget.value)}
            />
            <input type='hidden' name='Lang' value='en' />
            {enableCaptcha
              ? <Captcha src={captcha.src} failed={captcha.failed} width={100} height={40} value={form.Token} onChange={set('Token')} onReload={handleCaptchaReload} onImageError={handleCaptchaError} />
              : <input type='hidden' name='Token' value={form.Token} />}
            <div className='actions'>
              <Button type='submit' className='brand-button' fullWidth disabled={!valid} loading={submitting} loaderProps={{ 'aria-label': t('app.loading'), role: 'status' }}>{buttonText}</Button>
            </div>
          </form>
          <div className='messages' aria-live='polite'>
            {isMemberAuthFailed && error
              ? <p className='msg msg--error' role='alert' data-testid='auth-failed'>{error}</p>
              : errorMessage ? <p className='msg msg--error' role='alert' data-testid='error-message'>{translateMessage(errorMessage, t)}</p> : null}
            {successMessage && <p className='msg msg--success' role='status' data-testid='success-message'>{translateMessage(successMessage, t)}</p>}
          </div>
        </div>
      </main>
    </div>
  )
}
