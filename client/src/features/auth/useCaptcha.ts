import { useCallback, useEffect, useRef, useState } from 'react'
import { getCaptcha } from '../../lib/api.ts'

/** Captcha auto-reload period once it is required (seed 000 §9). */
export const CAPTCHA_RELOAD_MS = 80000

interface Image { src: string, xToken: string }

/**
 * A captcha image and its x-token, read anew on demand and every 80000 ms while enabled; error state for a failed image or read.
 * A plain hook (no query cache): each image is good for one answer, and the sign-in screen loads without TanStack Query.
 */
export function useCaptcha (enabled: boolean) {
  const [image, setImage] = useState<Image | null>(null)
  const [readFailed, setReadFailed] = useState(false)
  const [imageFailed, setImageFailed] = useState(false)
  // Only the newest request may set the image: a slow earlier answer is dropped.
  const latest = useRef(0)
  const reload = useCallback(() => {
    const ticket = ++latest.current
    getCaptcha().then(
      (next) => { if (ticket === latest.current) { setImage(next); setReadFailed(false) } else URL.revokeObjectURL(next.src) },
      () => { if (ticket === latest.current) setReadFailed(true) }
    )
  }, [])
  useEffect(() => {
    if (!enabled) return
    reload()
    const timer = setInterval(reload, CAPTCHA_RELOAD_MS)
    return () => { clearInterval(timer); latest.current++ }
  }, [enabled, reload])
  const src = image?.src ?? ''
  // A new image clears the failed state; the object URL of the one it replaces is released.
  useEffect(() => {
    setImageFailed(false)
    return () => { if (src) URL.revokeObjectURL(src) }
  }, [src])
  return { src, xToken: image?.xToken ?? '', failed: imageFailed || readFailed, reload, markFailed: () => setImageFailed(true) }
}
