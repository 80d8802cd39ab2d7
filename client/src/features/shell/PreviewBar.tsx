import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { endPreview, redirect, type SessionInfo } from '../../lib/api.ts'

/** While a supporter previews another user's view: whose view it is, that it is read-only, and the way back to the support page. */
export function PreviewBar ({ preview }: { preview: NonNullable<SessionInfo['preview']> }) {
  const { t } = useTranslation()
  // A failure too: the reloaded page reads what the service holds.
  const leave = useMutation({ mutationFn: endPreview, onSettled: () => redirect.to('/utilities/support') })
  return (
    <div className='preview-bar' role='status' data-preview={preview.UserId}>
      <span>{t('shell.previewing', { user: preview.UserId, location: preview.LocId, by: preview.by })}</span>
      <button type='button' onClick={() => leave.mutate()} disabled={leave.isPending}>{t('shell.previewEnd')}</button>
    </div>
  )
}
