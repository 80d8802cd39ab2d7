// Browser downloads of generated text (exports); the name decides what the user's machine saves.

/** Saves text as a file through a temporary object URL. */
export function downloadText (text: string, fileName: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
