// The viewport facts the drop-downs size themselves by (seed 001 §9: small devices are 360 px wide or less).
import { useEffect, useState } from 'react'

/** The window's inner width, kept current on resize. */
export function useViewportWidth (): number {
  const [width, setWidth] = useState(() => window.innerWidth)
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth)
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return width
}
