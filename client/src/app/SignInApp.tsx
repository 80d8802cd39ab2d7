import { getBrand } from '../lib/api.ts'
import { useLoad } from '../lib/useLoad.ts'
import { LoginFrame } from '../features/auth/LoginFrame.tsx'
import { LoginPage, type Leave } from '../features/auth/LoginPage.tsx'
import { useStatusPoll } from './boot.ts'
import { UpdateNotice } from './UpdateNotice.tsx'

/**
 * /login without the app's router and query cache (its chunk stays small, issue #32): the brand for this host, the maintenance poll,
 * the new-version notice and the sign-in form; `leave` starts the signed-in app at the URL the form chose.
 */
export function SignInApp ({ leave }: { leave: Leave }) {
  const brand = useLoad(getBrand, null)
  useStatusPoll()
  if (brand === undefined) return <UpdateNotice />
  return (
    <>
      <UpdateNotice />
      <LoginFrame brand={brand}><LoginPage brand={brand} leave={leave} /></LoginFrame>
    </>
  )
}
