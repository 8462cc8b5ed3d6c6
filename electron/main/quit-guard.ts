// Closing a window while the terminal alone keeps a leg of a protected position, or runs an execution
// algorithm, asks first, naming them. The window's `beforeunload` (src/composables/quit-guard.ts) refuses the unload while it
// knows of such a leg; Electron then cancels the close silently and emits `will-prevent-unload`.
// Here the main process reads the positions and the algorithms itself, names what only the terminal
// keeps (domain/protection/describe.ts, domain/algos/progress.ts) and asks; "Quit anyway" closes the window for good (destroy: no
// second beforeunload), and a quit that was under way goes on.
import type { MessageBoxOptions } from 'electron'
import type { TerminalCore } from '../domain/api/api'
import { terminalKeptLegs } from '../domain/protection/describe'
import { runningAlgosInWords } from '../domain/algos/progress'

export interface GuardedWindow {
  webContents: { on(event: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void): unknown }
  isDestroyed(): boolean
  destroy(): void
}

export interface QuitGuardDeps {
  core: Pick<TerminalCore, 'call'>
  /** Shows the question; resolves with the chosen button's index (dialog.showMessageBox). */
  ask: (options: MessageBoxOptions) => Promise<{ response: number }>
  /** Whether the app is quitting (before-quit came): it goes on once the window is closed. */
  quitting: () => boolean
  quit: () => void
  /** The trader kept the terminal open: a quit under way is off. */
  stayed: () => void
  /** What the window does when it closes normally (saving its bounds): run before it is destroyed. */
  beforeDestroy?: () => void
}

const QUIT_ANYWAY = 1

/** The question, or null when nothing is kept by the terminal (any more): the positions' legs, and the running algorithms. */
export function quitQuestion(legs: readonly string[], algos: readonly string[] = []): MessageBoxOptions | null {
  if (legs.length + algos.length === 0) return null
  const what = [
    legs.length > 0 ? `${legs.length === 1 ? 'one leg' : `${legs.length} legs`} of your protected positions` : null,
    algos.length > 0 ? (algos.length === 1 ? 'one running algorithm' : `${algos.length} running algorithms`) : null,
  ].filter((x) => x !== null)
  const after = [
    legs.length > 0 ? 'A stop resting at the exchange still protects; these legs do not until the terminal runs again.' : null,
    algos.length > 0 ? 'An algorithm’s orders resting at the exchange stay; it sends nothing more until the terminal runs again.' : null,
  ].filter((x) => x !== null)
  return {
    type: 'warning',
    buttons: ['Keep the terminal open', 'Quit anyway'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
    title: legs.length > 0 ? 'Protected positions' : 'Execution algorithms',
    message: `Quitting stops the terminal watching ${what.join(' and ')}.`,
    detail: `${[...legs, ...algos].join('\n')}\n\n${after.join(' ')}`,
  }
}

export function guardWindowClose(win: GuardedWindow, deps: QuitGuardDeps): void {
  let asking = false
  win.webContents.on('will-prevent-unload', () => {
    // Not prevented: the close is cancelled for now; the answer decides.
    if (asking) return
    asking = true
    void (async () => {
      try {
        // The window knew of a kept leg or a running algorithm; if a list cannot be read now, it still asks.
        const [legs, algos] = await Promise.all([
          deps.core.call('positions.list', undefined).then(terminalKeptLegs, () => ['(the positions could not be read)']),
          deps.core.call('algos.list', undefined).then(runningAlgosInWords, () => ['(the algorithms could not be read)']),
        ])
        const question = quitQuestion(legs, algos)
        const leave = question === null || (await deps.ask(question)).response === QUIT_ANYWAY
        if (!leave) deps.stayed()
        if (!leave || win.isDestroyed()) return
        deps.beforeDestroy?.()
        win.destroy()
        if (deps.quitting()) deps.quit()
      } finally {
        asking = false
      }
    })()
  })
}
