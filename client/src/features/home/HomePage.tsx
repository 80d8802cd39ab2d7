import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import DOMPurify from 'dompurify'
import { getAnnouncements, type Announcement } from '../../lib/api.ts'
import { errorText } from '../../lib/errors.ts'
import { closeAllDialogs } from '../../lib/dialogs.ts'
import { readableOn } from '../../lib/format.ts'
import { useSession } from '../../lib/session.tsx'
import { Dialog } from '../../components/Dialog.tsx'

// Pictures in announcements rarely carry a text alternative: those without one are marked decorative.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '')
})

/** Announcements load this long after the page opens (seed 001 §2). */
export const HOME_LOAD_DELAY_MS = 500

/** One announcement as a coloured block; its rich content is sanitised before it reaches the page. */
function AnnouncementBlock ({ announcement }: { announcement: Announcement }) {
  const color = announcement.Color || '#ffffff'
  return (
    <article className='announcement' style={{ background: color, color: readableOn(color) }} data-testid='announcement'>
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(announcement.Content) }} />
    </article>
  )
}

/** /admin/home: announcements as coloured blocks, the pop-up ones together in one centred modal. */
export function HomePage () {
  const { t } = useTranslation()
  const session = useSession()
  const [list, setList] = useState<Announcement[] | null>(null)
  const [failure, setFailure] = useState('')
  const [popupOpen, setPopupOpen] = useState(false)
  const closePopup = useCallback(() => setPopupOpen(false), [])

  useEffect(() => {
    let live = true
    const timer = setTimeout(() => {
      getAnnouncements(session.location).then((items) => {
        if (!live) return
        setList(items)
        if (items.some((a) => a.PopUp === 'Y')) { closeAllDialogs(); setPopupOpen(true) }
      }, (error: unknown) => { if (live) { setList([]); setFailure(errorText(error)) } })
    }, HOME_LOAD_DELAY_MS)
    return () => { live = false; clearTimeout(timer) }
  }, [session.location])

  const popups = (list ?? []).filter((a) => a.PopUp === 'Y')
  return (
    <section className='page home'>
      <header className='page-header'><h1>{t('home.title')}</h1></header>
      <h2>{t('home.announcements')}</h2>
      {list === null && <p aria-busy='true'>{t('app.loading')}</p>}
      {failure && <p className='msg msg--error' role='alert'>{failure}</p>}
      {list && list.length === 0 && !failure && <p>{t('home.none')}</p>}
      <div className='announcements'>
        {(list ?? []).map((a) => <AnnouncementBlock key={a.AnnouncementId} announcement={a} />)}
      </div>
      <Dialog open={popupOpen} title={t('home.popupTitle')} onClose={closePopup} className='dialog--large' footer={<button type='button' onClick={closePopup}>{t('app.close')}</button>}>
        <div data-testid='popup-announcements'>
          {popups.map((a) => <AnnouncementBlock key={a.AnnouncementId} announcement={a} />)}
        </div>
      </Dialog>
    </section>
  )
}
