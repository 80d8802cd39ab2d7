import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/Dialog.tsx'

interface Asking { titleKey: string, messageKey: string }

/**
 * Asks before a write (delete, void, reset) in the app's own dialog rather than the browser's confirm box: branded,
 * translated and the same on every renderer. Render `dialog` once; `ask` resolves true on OK, false on Cancel or Escape.
 */
export function useConfirm (): { ask: (messageKey: string, titleKey: string) => Promise<boolean>, dialog: ReactNode } {
  const { t } = useTranslation()
  const [asking, setAsking] = useState<Asking | null>(null)
  const answer = useRef<((yes: boolean) => void) | null>(null)
  const settle = useCallback((yes: boolean) => {
    answer.current?.(yes)
    answer.current = null
    setAsking(null)
  }, [])
  const cancel = useCallback(() => settle(false), [settle])
  const ask = useCallback((messageKey: string, titleKey: string) => new Promise<boolean>((resolve) => {
    // A second question replaces an unanswered first one, which counts as cancelled.
    answer.current?.(false)
    answer.current = resolve
    setAsking({ messageKey, titleKey })
  }), [])
  const dialog = asking && (
    <Dialog
      open title={t(asking.titleKey)} onClose={cancel} className='rr-confirm'
      footer={<><button type='button' onClick={() => settle(true)} autoFocus>{t('renderers.ok')}</button><button type='button' onClick={cancel}>{t('renderers.cancel')}</button></>}
    >
      <p>{t(asking.messageKey)}</p>
    </Dialog>
  )
  return { ask, dialog }
}
