// Which subject id the fixed process's job and lock go by, one fact both the job and the store read.
import type { Game } from './index.ts'

/** The fixed process's subject id for a game. */
export const fixedSubjectOf = (game: Game) => game === '4D' ? 4 : 7
