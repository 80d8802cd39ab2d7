import { useTranslation } from 'react-i18next'

interface CaptchaProps {
  src: string
  failed: boolean
  width: number
  height: number
  value: string
  onChange: (value: string) => void
  onReload: () => void
  onImageError: () => void
}

/** The captcha image (a click reloads it), a reload button when the image failed, and the 5-wide answer box. */
export function Captcha ({ src, failed, width, height, value, onChange, onReload, onImageError }: CaptchaProps) {
  const { t } = useTranslation()
  return (
    <div className='field captcha'>
      <label htmlFor='captcha-token'>{t('login.captcha')}</label>
      <div className='captcha__row'>
        <input id='captcha-token' name='Token' type='text' size={5} required autoComplete='off' value={value} onChange={(e) => onChange(e.target.value)} />
        {!failed && src && (
          <button type='button' className='captcha__image' onClick={onReload} title={t('login.captchaImage')} aria-label={t('login.captchaImage')}>
            <img src={src} width={width} height={height} alt={t('login.captcha')} onError={onImageError} data-testid='captcha-image' />
          </button>
        )}
        {failed && <button type='button' className='captcha__reload' onClick={onReload}>{t('login.reloadCaptcha')}</button>}
      </div>
    </div>
  )
}
