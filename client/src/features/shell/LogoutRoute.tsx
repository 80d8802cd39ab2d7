import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { logout } from '../../lib/api.ts'

/** /logout: ends the session and goes to the sign-in screen. */
export function LogoutRoute () {
  const navigate = useNavigate()
  useEffect(() => { logout().catch(() => {}).finally(() => navigate('/login', { replace: true })) }, [navigate])
  return null
}
