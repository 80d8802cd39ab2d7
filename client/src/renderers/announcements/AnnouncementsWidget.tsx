import { useEffect, useState } from 'react'
import DOMPurify from 'dompurify'
import { useTranslation } from 'react-i18next'
import type { AnnouncementsWidget as AnnouncementsDescriptor } from '../../../../schemas/widgets.ts'
import type { Announcement } from '../../../../schemas/game-api.ts'
import { useData } from '../lib/useData.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'

export const ANNOUNCEMENT_DELAY_MS = 500

/** Announcements, loaded after a short delay (500 ms by default); each one's rich text sanitised on its own colour. */
export function AnnouncementsWidget ({ widget }: { widget: AnnouncementsDescriptor }) {
  const { t } = useTranslation()
  const [due, setDue] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), widget.delayMs ?? ANNOUNCEMENT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [widget.delayMs])
  const state = useData<Announcement[]>(due ? widget.data : null)
  if (!due || state.status === 'loading') return <Spinner />
  if (state.status === 'error') return <CallErrorAlert error={state.error} />
  const list = Array.isArray(state.data) ? state.data : []
  if (list.length === 0) return <p className='rr-empty'>{t('renderers.noData')}</p>
  return (
    <ul className='rr-announcements' data-widget-id={widget.id}>
      {list.map((a) => (
        <li key={a.AnnouncementId} style={{ backgroundColor: CSS.supports('color', a.Color) ? a.Color : undefined }} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(a.Content) }} />
      ))}
    </ul>
  )
}
