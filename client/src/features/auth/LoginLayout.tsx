import { useCallback } from 'react'
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import type { PublicBrand } from '../../lib/api.ts'
import { useBrand } from '../../lib/queries.ts'
import { LoginFrame } from './LoginFrame.tsx'
import { LoginPage, type Leave } from './LoginPage.tsx'

/** What the sign-in screens inside the app's router read from their layout. */
export interface LoginOutlet { brand: PublicBrand | null }

/** The sign-in layout inside the app's router (/login opened directly starts without the router: app/SignInApp.tsx). */
export function LoginLayout () {
  const brand = useBrand().data
  const { pathname } = useLocation()
  if (brand === undefined) return null
  return <LoginFrame brand={brand} onTerms={pathname === '/terms'}><Outlet context={{ brand } satisfies LoginOutlet} /></LoginFrame>
}

/** /login reached inside the app (sign-out, a gate's way back): the same screen, leaving through the router; what the last user's
 *  pages read is dropped on the way out. */
export function RoutedLoginPage () {
  const { brand } = useOutletContext<LoginOutlet>()
  const navigate = useNavigate()
  const client = useQueryClient()
  const leave = useCallback<Leave>((url, options) => {
    client.removeQueries({ type: 'inactive' })
    navigate(url, options)
  }, [client, navigate])
  return <LoginPage brand={brand} leave={leave} />
}
