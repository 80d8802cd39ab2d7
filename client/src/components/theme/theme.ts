// The Mantine theme of every screen. Its colours are design tokens (--bo-* in tokens.css) that a brand or location overrides at run
// time, so one theme (and one static CSS file of Mantine variables, written from it at build time by client/build/mantineTheme.ts) serves all.
import { createTheme, type MantineColorsTuple } from '@mantine/core'

/** Mantine's ten shades of the primary colour, each a token that tokens.css mixes from --bo-primary. */
const brandShades = Array.from({ length: 10 }, (_, shade) => `var(--bo-brand-${shade})`) as unknown as MantineColorsTuple

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand: brandShades },
  // Arial first: the widths the tables and drop-downs are fitted to (renderers/lib/headerWidths.ts) are measured in it; the Chinese
  // faces are named so 中文 never falls back to a serif face.
  fontFamily: 'Arial, Helvetica, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  defaultRadius: 'sm',
  cursorType: 'pointer',
  components: {
    // A dense back office: controls one size below Mantine's default.
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    NumberInput: { defaultProps: { size: 'sm' } },
    Select: { defaultProps: { size: 'sm' } },
    NativeSelect: { defaultProps: { size: 'sm' } },
    Textarea: { defaultProps: { size: 'sm' } }
  }
})
