// The renderers' sentences (keys under "renderers.") live in the one catalogue, menus/i18n, with every other text the product shows.
import en from '../../../../menus/i18n/en.json' with { type: 'json' }
import zh from '../../../../menus/i18n/zh.json' with { type: 'json' }
import { resolveReferences } from '../../../../schemas/i18n.ts'

/** Every English text, nested as i18next expects ("renderers.error.required"); the shell and the renderer harness load it. */
export const rendererMessagesEn = resolveReferences(en)

/** Every Chinese text with the same keys (one form where English has key_one and key). */
export const rendererMessagesZh = resolveReferences(zh)
