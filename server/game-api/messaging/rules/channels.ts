// Where an outbound message leaves and the game it is of, one fact the queue, the sender and the bots share.
import type { Game } from '../../../../schemas/domain/calendar.ts'

/** Where an outbound message leaves: the SMS gateway, or one game's Telegram bot. */
export type Channel = 'sms' | 'telegram:4D' | 'telegram:TOTO'

/** The game a channel's messages are of (the SMS gateway's: 4D). */
export const gameOfChannel = (channel: Channel): Game => channel === 'telegram:TOTO' ? 'TOTO' : '4D'
