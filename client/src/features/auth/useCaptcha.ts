import { useCallback, useEffect, useRef, useState } from 'react'
import { getCaptcha } from '../../lib/api.ts'

/** Captcha auto-reload period once it is required (seed 000 §9). */
export const CAPTCHA_RELOAD_MS = 80000

/** A captcha image and its x-token: reload on demand, error state for a failed image, auto-reload every 80000 ms while enabled. */
export function useCaptcha (enabled: boolean) {
  const [src, setSrc] = useState('')
  const [xToken, setXToken] = useState('')
  const [failed, setFailed] = useState(false)
  const current = useRef('')

  const reload = useCallback(async () => {
    try {
      const next = await getCaptcha()
      if (current.current) URL.revokeObjectURL(current.current)
      current.current = next.src
      setSrc(next.src)
      setXToken(next.xToken)
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [])

  useEffect(() => {
    if (!enabled) return
    reload()
    const timer = setInterval(reload, CAPTCHA_RELOAD_MS)
    return () => clearInterval(timer)
  }, [enabled, reload])

  useEffect(() => () => { if (current.current) URL.revokeObjectURL(current.current) }, [])

  return { src, xToken, failed, reload, markFailed: () => setFailed(true) }
}
