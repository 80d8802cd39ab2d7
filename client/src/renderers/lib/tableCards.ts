// A wide table on a phone becomes a list of cards: which columns a card shows at once, and when a table turns into cards.
import type { TableColumn } from '../../../../schemas/widgets.ts'

/** Fields a card shows before it is expanded, besides its title (the first column): the descriptor's first columns are its key ones. */
export const CARD_KEY_FIELDS = 5
/** Cards drawn at first and added by each "show more": a phone scrolls the page, not a box, so the list grows instead of being virtualised. */
export const CARDS_PAGE = 30

/** A card's parts: the title column, the statuses shown as badges beside it, the key columns shown at once (money first: a ticket's stake and payout, not who placed it) and the rest shown on expand. */
export function cardColumns (columns: readonly TableColumn[]): { title: TableColumn | undefined, badges: TableColumn[], key: TableColumn[], rest: TableColumn[] } {
  const [title, ...others] = columns
  const fields = [...others.filter((c) => c.type === 'money'), ...others.filter((c) => c.type !== 'money' && c.type !== 'status')]
  return { title, badges: others.filter((c) => c.type === 'status'), key: fields.slice(0, CARD_KEY_FIELDS), rest: fields.slice(CARD_KEY_FIELDS) }
}

/** Cards instead of the table: on the mobile layout (below 992 px) when the table is wider than the window. */
export function wantsCards (mobile: boolean, tableWidth: number, viewportWidth: number): boolean {
  return mobile && tableWidth > viewportWidth
}
