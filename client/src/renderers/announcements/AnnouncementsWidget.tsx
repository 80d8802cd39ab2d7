import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AnnouncementsWidget as AnnouncementsDescriptor } from '../../../../schemas/widgets.ts'
import type { Announcement } from '../../../../schemas/game-api.ts'
import { closeAllDialogs } from '../../lib/dialogs.ts'
import { readableOn } from '../../lib/format.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { useData } from '../lib/useData.ts'
import { sanitiseAnnouncement } from '../../lib/sanitise.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'

export const ANNOUNCEMENT_DELAY_MS = 500

/** One announcement as a block on its own colour, its rich text sanitised. */
function AnnouncementBlock ({ announcement }: { announcement: Announcement }) {
  const color = announcement.Color && CSS.supports('color', announcement.Color) ? announcement.Color : undefined
  return (
    <li
      data-testid='announcement' style={color ? { backgroundColor: color, color: readableOn(color) } : undefined}
      dangerouslySetInnerHTML={{ __html: sanitiseAnnouncement(announcement.Content) }}
    />
  )
}

/** The pop-up ones in one modal, opened once when they first arrive (after closing any other modal). */
function PopupAnnouncements ({ list }: { list: Announcement[] }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  const hasPopups = list.length > 0
  useEffect(() => {
    if (hasPopups) { closeAllDialogs(); setOpen(true) }
  }, [hasPopups])
  return (
    <Dialog open={open} title={t('renderers.navigation.popupAnnouncements')} onClose={close} className='dialog--large' footer={<button type='button' onClick={close}>{t('renderers.close')}</button>}>
      <ul className='rr-announcements' data-testid='popup-announcements'>
        {list.map((a) => <AnnouncementBlock key={a.AnnouncementId} announcement={a} />)}
      </ul>
    </Dialog>
  )
}

/** Announcements, loaded after a short delay (500 ms by default); each one's rich text sanitised on its own colour; optionally the pop-up ones in a modal. */
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
    <>
      <ul className='rr-announcements' data-widget-id={widget.id}>
        {list.map((a) => <AnnouncementBlock key={a.AnnouncementId} announcement={a} />)}
      </ul>
      {widget.popups === true && <PopupAnnouncements list={list.filter((a) => a.PopUp === 'Y')} />}
    </>
  )
}
