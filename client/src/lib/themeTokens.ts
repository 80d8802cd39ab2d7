// Design tokens (the --bo-* CSS variables of components/theme/tokens.css) set from the brand and the signed-in profile at run time.
// Set through the CSSOM on <html>, which the CSP (style-src 'self') allows, unlike a <style> element or a style attribute in markup.
import type { PublicBrand, SessionInfo } from './api.ts'

/** Token name → value; an empty or missing value leaves the default of tokens.css. */
export type Tokens = Record<string, string | null | undefined>

/** A colour as CSS may take it (#rgb, #rrggbb, rgb()/hsl()); anything else is dropped rather than written into a style. */
const isColour = (value: string) => /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([0-9.,%\s/]+\))$/i.test(value.trim())

/** An image reference for a background: same-origin paths and data: images only (img-src of the CSP), quotes removed. */
const imageUrl = (value: string) => (/^(\/[^/]|data:image\/)/.test(value) ? `url("${value.replace(/["\\\n]/g, '')}")` : null)

/** The brand's colours: its primary colour (buttons, links, focus) and its header. */
export function brandTokens (brand: PublicBrand | null | undefined): Tokens {
  const theme = brand?.theme
  return { '--bo-primary': theme?.primary, '--bo-header-bg': theme?.header }
}

/** The profile's theme fields (seed 001, by host and location): the header's background image and the table colours. */
export function profileTokens (theme: SessionInfo['theme']): Tokens {
  return {
    '--bo-header-image': theme.VipTopBGImage ? imageUrl(theme.VipTopBGImage) : null,
    '--bo-table-head': theme.ColorTbl01,
    '--bo-table-stripe': theme.ColorTbl02
  }
}

/** Writes the tokens on <html> and returns the undo (the defaults come back when the screen that set them goes). */
export function applyTokens (tokens: Tokens): () => void {
  const style = document.documentElement.style
  const set: string[] = []
  for (const [name, value] of Object.entries(tokens)) {
    if (!value) continue
    if (name !== '--bo-header-image' && !isColour(value)) continue
    style.setProperty(name, value)
    set.push(name)
  }
  return () => { for (const name of set) style.removeProperty(name) }
}
