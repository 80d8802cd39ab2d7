// The draw days a fixed setting names, as the Fixed Setting grid shows them.

/** Weekday columns, 0 Sunday … 6 Saturday. */
export const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
export type Day = typeof DAYS[number]
