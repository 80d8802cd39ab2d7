import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { useMutation } from '@tanstack/react-query'
import { logout } from '../../lib/api.ts'

/** /logout: ends the session (a write, started once on arrival) and goes to the sign-in screen. */
export function LogoutRoute () {
  const navigate = useNavigate()
  const { mutate } = useMutation({ mutationFn: logout, onSettled: () => navigate('/login', { replace: true }) })
  useEffect(() => mutate(), [mutate])
  return null
}
