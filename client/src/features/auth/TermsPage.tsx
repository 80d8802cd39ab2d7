import { useNavigate } from 'react-router-dom'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { decideTerms, logout } from '../../lib/api.ts'
import { useErrorText } from '../../lib/useErrorText.ts'
import { sessionQuery } from '../../lib/session.tsx'
import { keys, sessionSet, storedLoc } from '../../lib/storage.ts'

/** The English terms with the site host inserted. */
function englishTerms (host: string): string[] {
  return [
    `These terms govern your use of ${host} (the "Site"). By choosing Agree you accept them in full; if you do not accept them, choose Disagree and you will be signed out.`,
    'Agents are responsible for every member account they create or manage. An agent answers for the bets placed by those accounts and must honour them, including bets placed through SMS, Telegram or file upload.',
    'Players must be at least 18 years old and must be allowed by the laws of the place where they are to take part in number games. The Site may close any account that breaks this rule.',
    'Bets are accepted only before the draw closes. A bet recorded by the Site is final; the Site\'s records prevail over any other record in a dispute.',
    `Keep your user id and password secret. Anything done with your credentials on ${host} is treated as done by you. Change your password at once if you believe it is known to someone else.`,
    'The Site may be unavailable during maintenance. The operator may change these terms; the version shown when you sign in applies.'
  ]
}

/** The Chinese terms with the site host inserted. */
function chineseTerms (host: string): string[] {
  return [
    `本条款适用于您对 ${host}（“本网站”）的使用。选择“同意”即表示您完全接受本条款；如不接受，请选择“不同意”，系统将为您登出。`,
    '代理须对其开设或管理的所有会员账户负责。代理须为这些账户的投注（包括通过短信、Telegram 或文件上传的投注）承担责任并予以兑现。',
    '玩家必须年满18岁，并须符合其所在地法律对参与号码游戏的规定。本网站可关闭任何违反此规定的账户。',
    '投注仅在开彩截止前接受。本网站记录的投注为最终投注；如有争议，以本网站的记录为准。',
    `请妥善保管您的用户名和密码。凡在 ${host} 上使用您的凭证进行的操作均视为您本人所为。如怀疑密码外泄，请立即更改。`,
    '本网站在维护期间可能无法使用。营运商可修改本条款；以您登录时显示的版本为准。'
  ]
}

/** /terms: long terms in English and Chinese; Agree goes to /admin/home with LocId, Disagree signs out. */
export function TermsPage () {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const client = useQueryClient()
  const host = window.location.host
  // Agree: the session (its terms flag) is read afresh for the location to go to.
  const accept = useMutation({
    mutationFn: () => decideTerms(true),
    onSuccess: async () => {
      sessionSet(keys.termsAccepted, 'true')
      const session = await client.fetchQuery(sessionQuery).catch(() => null)
      await navigate(`/admin/home?LocId=${encodeURIComponent(session?.location.LocId ?? storedLoc())}`)
    }
  })
  // Disagree: a failure still signs out.
  const refuse = useMutation({
    mutationFn: async () => {
      try { await decideTerms(false) } catch { /* signing out below either way */ }
      await logout().catch(() => {})
    },
    onSuccess: () => navigate('/login')
  })
  // The buttons stay off from the first click until the page is left (or agreeing failed).
  const busy = accept.isPending || accept.isSuccess || refuse.isPending || refuse.isSuccess
  const errorText = useErrorText()
  const failure = accept.isError ? errorText(accept.error) : ''
  const agree = () => accept.mutate()
  const disagree = () => refuse.mutate()

  return (
    <main className='terms'>
      <h1>{t('terms.title')}</h1>
      <section lang='en' className='terms__text' aria-label='Terms and Conditions' tabIndex={0}>
        <h2>Terms and Conditions</h2>
        {englishTerms(host).map((p) => <p key={p}>{p}</p>)}
      </section>
      <section lang='zh' className='terms__text' aria-label='条款和条件' tabIndex={0}>
        <h2>条款和条件</h2>
        {chineseTerms(host).map((p) => <p key={p}>{p}</p>)}
      </section>
      <div className='actions'>
        <button type='button' className='brand-button' disabled={busy} onClick={agree}>{t('terms.agree')}</button>
        <button type='button' disabled={busy} onClick={disagree}>{t('terms.disagree')}</button>
      </div>
      {failure && <p className='msg msg--error' role='alert'>{failure}</p>}
    </main>
  )
}
