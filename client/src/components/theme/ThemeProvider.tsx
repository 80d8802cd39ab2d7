import type { ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { theme } from './theme.ts'
// tokens.css first: it fixes the cascade layers' order before Mantine's layered sheets name theirs.
import './tokens.css'
import '@mantine/core/styles/baseline.layer.css'
import '@mantine/core/styles/default-css-variables.layer.css'
import '@mantine/core/styles/global.layer.css'
import 'virtual:mantine-theme.css'

/**
 * Mantine for every screen, injecting no <style> (the CSP allows style sheets from this origin only): its variables come from the
 * build (virtual:mantine-theme.css), and the responsive hiddenFrom/visibleFrom classes it would add are not used.
 */
export function ThemeProvider ({ children }: { children: ReactNode }) {
  return <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false} forceColorScheme='light'>{children}</MantineProvider>
}
