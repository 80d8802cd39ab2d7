import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { ThemeProvider } from './components/theme/ThemeProvider.tsx'
import { unregisterServiceWorkers } from './app/boot.ts'
import { initI18n } from './lib/i18n.ts'
import { rendererMessagesEn, rendererMessagesZh } from './renderers/lib/messages.ts'
import './app/base.css'

// Workers of earlier versions go first; the texts load before the first render so nothing flashes untranslated.
unregisterServiceWorkers().catch(() => {})
initI18n({ en: rendererMessagesEn, zh: rendererMessagesZh }).finally(() => {
  createRoot(document.getElementById('root')!).render(<StrictMode><ThemeProvider><App /></ThemeProvider></StrictMode>)
})
