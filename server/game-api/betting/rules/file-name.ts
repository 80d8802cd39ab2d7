// What an uploaded bet file may be called: its name is stored, listed and shown back, so it must be readable text of a bounded length.

/** The longest file name kept (the files list and the rename form take the same). */
export const MAX_FILE_NAME = 200

// C0 and C1 control characters (NUL, line breaks, escapes) cannot be shown and NUL cannot be stored; U+FFFD stands for bytes that were not UTF-8.
const unreadable = (name: string) => [...name].some((c) => { const code = c.codePointAt(0) ?? 0; return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xfffd })

/** Why a file name is refused ('empty': no file was chosen), or undefined when it is good. Browsers send the base name; busboy drops any folders. */
export function fileNameProblem (name: string): 'empty' | 'long' | 'unreadable' | undefined {
  if (name.trim() === '') return 'empty'
  if (unreadable(name)) return 'unreadable'
  return [...name].length > MAX_FILE_NAME ? 'long' : undefined
}
