import { Outlet, useLocation } from 'react-router-dom'
import type { PublicBrand } from '../../lib/api.ts'
import { useBrand } from '../../lib/queries.ts'
import { LoginFrame } from './LoginFrame.tsx'

/** What the sign-in screens inside the app's router read from their layout. */
export interface LoginOutlet { brand: PublicBrand | null }

/** The layout of /change-password and /terms inside the app's router (/login itself starts without the router: app/SignInApp.tsx). */
export function LoginLayout () {
  const brand = useBrand().data
  const { pathname } = useLocation()
  if (brand === undefined) return null
  return <LoginFrame brand={brand} onTerms={pathname === '/terms'}><Outlet context={{ brand } satisfies LoginOutlet} /></LoginFrame>
}
