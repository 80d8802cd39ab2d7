// A ticket's status as every list shows it, derived from its bets so that settling a draw needs no second write.

/** SQL for the status of ticket alias `t`: every bet void → void; a bet still open → active; all settled → won when one won, else lost. */
export const ticketStatusSql = (t: string): string => `(SELECT CASE
    WHEN count(*) = 0 THEN ${t}.status
    WHEN bool_and(sb.status = 'void') THEN 'void'
    WHEN bool_or(sb.status = 'open') THEN 'active'
    WHEN bool_or(sb.status = 'won') THEN 'won'
    ELSE 'lost' END
  FROM bets sb WHERE sb.ticket_id = ${t}.ticket_id)`
