// The few line icons the shell shows (drawn as Tabler's outline set, 24-unit grid); decorative, so hidden from assistive technology.
import type { ReactNode } from 'react'

function Icon ({ children, size = 16 }: { children: ReactNode, size?: number }) {
  return (
    <svg className='icon' width={size} height={size} viewBox='0 0 24 24' fill='none' stroke='currentColor' strokeWidth={2} strokeLinecap='round' strokeLinejoin='round' aria-hidden='true' focusable='false'>
      {children}
    </svg>
  )
}

export const UserIcon = () => <Icon><circle cx='12' cy='7' r='4' /><path d='M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2' /></Icon>
export const ClockIcon = () => <Icon><circle cx='12' cy='12' r='9' /><path d='M12 7v5l3 3' /></Icon>
export const HourglassIcon = () => <Icon><path d='M6 20v-2a6 6 0 1 1 12 0v2a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1z' /><path d='M6 4v2a6 6 0 1 0 12 0V4a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z' /></Icon>
export const SendIcon = () => <Icon><path d='M15 10l-4 4l6 6l4-16l-18 7l4 2l2 6l3-4' /></Icon>
export const LogoutIcon = () => <Icon><path d='M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2' /><path d='M9 12h12l-3-3m0 6l3-3' /></Icon>
