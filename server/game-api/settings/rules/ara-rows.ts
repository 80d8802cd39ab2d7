// The .ara backup's rows as written (server/docs/ara-format.md): pure, shared by the backup store and betting's ARA exports.

/** The fields of a backup line, in file order: one line per bet (a ticket line on one draw). */
export const BACKUP_FIELDS = ['TicketNo', 'UserId', 'PlacedBy', 'Source', 'DrawId', 'DrawDate', 'Series', 'LineNo', 'Number', 'Form', 'Big', 'Small', 'Units', 'Combinations', 'Amount', 'Status', 'PlacedDate'] as const
export type BackupRow = Record<typeof BACKUP_FIELDS[number], string>

/** Money as an .ara file writes it: two decimals, no grouping. */
export const money = (v: string | number) => Number(v).toFixed(2)

/** The file name of a draw's backup: series and draw date (GMT+8), e.g. SG4D-2030-01-02.ara. */
export const backupFileName = (count: { Series: string, DrawDate: string }) => `${count.Series}-${count.DrawDate}.ara`
