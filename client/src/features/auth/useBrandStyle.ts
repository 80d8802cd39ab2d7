import { useEffect } from 'react'

/** Adds the brand's style sheet while the sign-in screens are open and removes it when they are left. */
export function useBrandStyle (href: string | undefined): void {
  useEffect(() => {
    if (!href) return
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.dataset.brandStyle = 'true'
    document.head.appendChild(link)
    return () => link.remove()
  }, [href])
}
