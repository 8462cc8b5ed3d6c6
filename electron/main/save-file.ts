// The export's save dialog in Electron: the main process asks where to save (a native dialog the
// trader answers) and writes the file itself. The renderer hands over only a suggested name and the
// text; it never learns or chooses a path, so a compromised renderer cannot write anywhere.
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron'

export interface SaveFileDeps {
  dialog: Pick<Dialog, 'showSaveDialog'>
  writeFile: (path: string, text: string) => Promise<void>
  /** The window the dialog belongs to (modal to it); null: a free-standing dialog. */
  window: () => BrowserWindow | null
}

/** Only the last segment of a plain name: no directory, no hidden file, no odd characters. */
export function safeFileName(suggested: string): string {
  const base = suggested.split(/[\\/]/).pop() ?? ''
  const cleaned = base.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '')
  return cleaned === '' ? 'export.csv' : cleaned.slice(0, 120)
}

export function createSaveText(deps: SaveFileDeps): (suggestedName: string, text: string) => Promise<{ saved: boolean }> {
  return async (suggestedName, text) => {
    const options: SaveDialogOptions = { defaultPath: safeFileName(suggestedName), filters: [{ name: 'CSV', extensions: ['csv'] }] }
    const win = deps.window()
    const answer = win ? await deps.dialog.showSaveDialog(win, options) : await deps.dialog.showSaveDialog(options)
    if (answer.canceled || !answer.filePath) return { saved: false }
    await deps.writeFile(answer.filePath, text)
    return { saved: true }
  }
}
