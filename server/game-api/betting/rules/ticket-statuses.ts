// The statuses a ticket reads as, derived from its bets (store/ticket-status.ts writes the rule in SQL).

/** The ticket statuses a list answers. */
export const TICKET_STATUSES = ['active', 'won', 'lost', 'void'] as const
/** One of them. */
export type TicketStatus = typeof TICKET_STATUSES[number]
