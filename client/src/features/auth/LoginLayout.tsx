import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import type { PublicBrand } from '../../lib/api.ts'
import { useBrand } from '../../lib/queries.ts'
import { useBrandStyle } from './useBrandStyle.ts'
import { useBrandFace } from '../../lib/brandFace.ts'

/** What the sign-in screens read from their layout. */
export interface LoginOutlet { brand: PublicBrand | null }

/** The sign-in layout: the brand for this host, its style sheet while open, its logo; no background image on /terms. */
export function LoginLayout () {
  const brand = useBrand().data
  const { pathname } = useLocation()
  useBrandStyle(brand?.styleUrl)
  const { name } = useBrandFace(brand)
  useEffect(() => { if (brand) document.title = name }, [brand, name])
  if (brand === undefined) return null
  const onTerms = pathname === '/terms'
  return (
    <div className={`login-layout${onTerms ? ' login-layout--terms' : ''}`} data-brand={brand?.key ?? ''}>
      <Outlet context={{ brand } satisfies LoginOutlet} />
    </div>
  )
}

/** The brand's logo at its configured size; a brand without one shows its name. */
export function BrandLogo ({ brand }: { brand: PublicBrand | null }) {
  const { name, logo } = useBrandFace(brand)
  if (!brand) return null
  if (!logo) return <p className='brand-name' data-testid='brand-name'>{name}</p>
  return <img className='brand-logo' src={logo.url} width={logo.width} height={logo.height} alt={name} style={{ width: logo.width, height: logo.height }} />
}
