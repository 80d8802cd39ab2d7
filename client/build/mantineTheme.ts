// Mantine's provider writes its theme's CSS variables into a <style> element, which the page's CSP (style-src 'self') refuses.
// This Vite plugin writes the same variables at build time instead, as the module `virtual:mantine-theme.css` that main.tsx imports:
// Mantine's own resolver is run on the merged theme and only what differs from Mantine's default variables (its default-css-variables.css,
// also imported) is kept. The provider is then told not to inject anything (withCssVariables and withGlobalClasses off).
import type { Plugin } from 'vite'
import { convertCssVariables, defaultCssVariablesResolver, DEFAULT_THEME, mergeMantineTheme, type ConvertCSSVariablesInput } from '@mantine/core'
import { theme } from '../src/components/theme/theme.ts'

const ID = 'virtual:mantine-theme.css'
const RESOLVED = `\0${ID}`

type Variables = Record<string, string>
const changed = (ours: Variables, base: Variables): Variables => Object.fromEntries(Object.entries(ours).filter(([name, value]) => base[name] !== value))

/** The CSS text of the theme's variables that differ from Mantine's defaults (for :root, and for the light and dark schemes). */
export function themeCss (): string {
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme))
  const base = defaultCssVariablesResolver(DEFAULT_THEME)
  const variables: ConvertCSSVariablesInput = { variables: changed(ours.variables, base.variables), light: changed(ours.light, base.light), dark: changed(ours.dark, base.dark) }
  return convertCssVariables(variables, ':root')
}

/** Serves virtual:mantine-theme.css. */
export function mantineTheme (): Plugin {
  return {
    name: 'mantine-theme-css',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? themeCss() : undefined)
  }
}
