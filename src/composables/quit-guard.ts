// Closing or reloading the window while the terminal alone keeps a leg (a terminal-kept stop, a
// waiting target, a trailing stop, a move to breakeven) asks first: the browser's own "Leave site?"
// prompt (browsers show their text, not ours — the Positions tab names the legs), and in Electron the
// main process's question, which names them (electron/main/quit-guard.ts).
import { onScopeDispose } from 'vue'

/** `kept()`: the legs only the running terminal keeps; the window asks before closing while there is one. */
export function useQuitGuard(kept: () => readonly string[]): void {
  const onBeforeUnload = (event: BeforeUnloadEvent): string | undefined => {
    const legs = kept()
    if (legs.length === 0) return undefined
    const text = `The terminal stops watching: ${legs.join('; ')}`
    event.preventDefault()
    // Older engines (and Electron's will-prevent-unload) need returnValue set.
    event.returnValue = text
    return text
  }
  window.addEventListener('beforeunload', onBeforeUnload)
  onScopeDispose(() => window.removeEventListener('beforeunload', onBeforeUnload))
}
