import { useEffect, type ReactNode } from 'react'
import type { PublicBrand } from '../../lib/api.ts'
import { useBrandFace } from '../../lib/brandFace.ts'
import { applyTokens, brandTokens } from '../../lib/themeTokens.ts'
import { useBrandStyle } from './useBrandStyle.ts'
import './signin.css'

/** The sign-in screens' frame: the brand's style sheet and colours while open, its name as the title, no background image on /terms. */
export function LoginFrame ({ brand, onTerms = false, children }: { brand: PublicBrand | null, onTerms?: boolean, children: ReactNode }) {
  useBrandStyle(brand?.styleUrl)
  useEffect(() => applyTokens(brandTokens(brand)), [brand])
  const { name } = useBrandFace(brand)
  useEffect(() => { if (brand) document.title = name }, [brand, name])
  return <div className={`login-layout${onTerms ? ' login-layout--terms' : ''}`} data-brand={brand?.key ?? ''}>{children}</div>
}

/** The brand's logo at its configured size; a brand without one shows its name. */
export function BrandLogo ({ brand }: { brand: PublicBrand | null }) {
  const { name, logo } = useBrandFace(brand)
  if (!brand) return null
  if (!logo) return <p className='brand-name' data-testid='brand-name'>{name}</p>
  return <img className='brand-logo' src={logo.url} width={logo.width} height={logo.height} alt={name} style={{ width: logo.width, height: logo.height }} />
}
