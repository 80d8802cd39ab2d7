import { useCallback, useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { getCaptcha } from '../../lib/api.ts'
import { queryKeys } from '../../lib/queries.ts'

/** Captcha auto-reload period once it is required (seed 000 §9). */
export const CAPTCHA_RELOAD_MS = 80000

/** A captcha image and its x-token (a query read anew on demand and every 80000 ms while enabled); error state for a failed image. */
export function useCaptcha (enabled: boolean) {
  const captcha = useQuery({
    queryKey: queryKeys.captcha,
    queryFn: getCaptcha,
    enabled,
    // Each image is good for one answer: never served from the cache to a new screen, dropped when no screen shows it.
    refetchOnMount: 'always',
    gcTime: 0,
    retry: false,
    refetchInterval: CAPTCHA_RELOAD_MS,
    refetchIntervalInBackground: true
  })
  const [imageFailed, setImageFailed] = useState(false)
  const { data, refetch } = captcha
  const src = data?.src ?? ''
  // A new image clears the failed state; the object URL of the one it replaces is released.
  useEffect(() => {
    setImageFailed(false)
    return () => { if (src) URL.revokeObjectURL(src) }
  }, [src])
  const reload = useCallback(() => { refetch().catch(() => {}) }, [refetch])
  return { src, xToken: data?.xToken ?? '', failed: imageFailed || captcha.isError, reload, markFailed: () => setImageFailed(true) }
}
