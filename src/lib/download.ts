// A text file handed to the browser as a download (the web host): a Blob and a link clicked once.
// The renderer never picks or learns a path on disk; the browser asks where to save.
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download by now; the object URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

/**
 * An export: in Electron the main process asks where to save and writes it (the renderer never sees
 * the path); in the web host the browser downloads it. Resolves to what happened.
 */
export async function exportText(
  host: string | undefined,
  fileName: string,
  text: string,
  save: (input: { suggestedName: string; text: string }) => Promise<{ saved: boolean }>,
): Promise<'saved' | 'cancelled' | 'downloaded'> {
  if (host === 'electron') return (await save({ suggestedName: fileName, text })).saved ? 'saved' : 'cancelled'
  downloadText(fileName, text)
  return 'downloaded'
}
