import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { ThemeProvider } from './components/theme/ThemeProvider.tsx'
import { unregisterServiceWorkers } from './app/boot.ts'
import { lazyRoute } from './app/lazy.ts'
import { initI18n } from './lib/i18n.ts'
import { GENERIC_ERROR_KEY } from './lib/errors.ts'
import i18next from 'i18next'
import './app/base.css'

const root = createRoot(document.getElementById('root')!)
const show = (node: ReactNode) => root.render(<StrictMode><ThemeProvider>{node}</ThemeProvider></StrictMode>)

/** The signed-in app: its router, query cache and shell, in chunks of their own. */
const startApp = lazyRoute(async () => {
  const { App } = await import('./app/App.tsx')
  show(<App />)
})

/** A start that failed for another reason than a stale chunk (which reloads the page): the generic sentence instead of a blank page. */
const failed = () => show(<p className='fatal' role='alert'>{i18next.t(GENERIC_ERROR_KEY)}</p>)

/** The sign-in screen's hand-over: the browser moves to the URL it chose and the app starts there. */
function leave (url: string, { replace = false } = {}): void {
  window.history[replace ? 'replaceState' : 'pushState'](null, '', url)
  startApp().catch(failed)
}

/** /login alone (no router, no query cache), handing over to the app at the URL it chooses. */
const startSignIn = lazyRoute(async () => {
  const { SignInApp } = await import('./app/SignInApp.tsx')
  show(<SignInApp leave={leave} />)
})

const signingIn = window.location.pathname === '/login'

/** The catalogue bundled for the signed-in app (both languages, ~46 KB gzip); the sign-in screen reads the service's copy (/ui/i18n) alone. */
async function bundledTexts () {
  if (signingIn) return { en: {}, zh: {} }
  const { rendererMessagesEn, rendererMessagesZh } = await import('./renderers/lib/messages.ts')
  return { en: rendererMessagesEn, zh: rendererMessagesZh }
}

// Workers of earlier versions go first; the texts load before the first render so nothing flashes untranslated.
unregisterServiceWorkers().catch(() => {})
bundledTexts().then(initI18n).finally(() => {
  (signingIn ? startSignIn : startApp)().catch(failed)
})
