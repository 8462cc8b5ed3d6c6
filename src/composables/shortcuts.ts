// The terminal's one-key shortcuts: B / S pick the order side, 1–7 the candle interval (in the
// order the interval picker shows), ? lists them, Esc closes what is open. A letter typed into a
// field is text, never a shortcut (Esc excepted), and a held key acts once (its auto-repeat is not
// a new press: the fresh-press guard of use-hotkey.ts).
import { onBeforeUnmount, onMounted } from 'vue'
import { CANDLE_INTERVALS } from '@domain/wire/constants'
import type { CandleInterval } from '@domain/wire/wire'
import { useFreshPress } from './use-hotkey'

export type ShortcutAction = { kind: 'side'; side: 'BUY' | 'SELL' } | { kind: 'interval'; interval: CandleInterval } | { kind: 'help' } | { kind: 'escape' }

/** The help list, in the order it is shown. */
export const SHORTCUT_HELP: readonly { keys: string; what: string }[] = [
  { keys: 'B', what: 'Buy: the order form on the buy side, cursor in the amount' },
  { keys: 'S', what: 'Sell: the order form on the sell side, cursor in the amount' },
  { keys: '1 – 7', what: 'Candle interval (1m, 5m, 15m, 30m, 1h, 4h, 1D)' },
  { keys: 'Esc', what: 'Close the open menu, panel or dialog' },
  { keys: '?', what: 'This list' },
  { keys: 'Ctrl/⌘ K', what: 'Search the pairs' },
  { keys: 'Ctrl/⌘ Shift X', what: 'Cancel all open orders: opens the confirmation (off until turned on in the Blotter)' },
  { keys: '↑ ↓  PgUp PgDn', what: 'In the price ladder: move its price cursor (Home or C: back to the last price)' },
  { keys: 'B / S', what: 'In the price ladder: buy / sell the preset size at the cursor (Shift: stop-limit); asks first unless one-click is on' },
  { keys: 'Delete', what: 'In the price ladder: cancel your orders at the cursor' },
  { keys: 'M, then Enter', what: 'In the price ladder: pick up your order at the cursor, move the cursor, drop it there (asks first)' },
  { keys: 'Ladder hotkeys', what: 'Buy at the ask, sell at the bid, cancel all on the pair, flatten, size up / down: off until set in the ladder’s settings (⚙)' },
]

type KeyInfo = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'> & { target: EventTarget | null }

/** Whether the key goes into a field the trader is typing in. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el || typeof el.tagName !== 'string') return false
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable === true
}

/** The action a key stands for, or null. */
export function shortcutFor(event: KeyInfo): ShortcutAction | null {
  if (event.key === 'Escape') return { kind: 'escape' }
  // Ctrl/Cmd/Alt combinations belong to the browser, the system and the mod+ hotkeys.
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null
  if (event.key === '?') return { kind: 'help' }
  const letter = event.key.toLowerCase()
  if (letter === 'b') return { kind: 'side', side: 'BUY' }
  if (letter === 's') return { kind: 'side', side: 'SELL' }
  const digit = /^[1-9]$/.test(event.key) ? Number(event.key) : 0
  const interval = CANDLE_INTERVALS[digit - 1]
  return interval ? { kind: 'interval', interval } : null
}

/**
 * Listens on the window for the component's lifetime and calls `run` once per fresh press of a
 * shortcut. `run` returns false when the action did not apply (nothing to close), so the key keeps
 * its usual meaning.
 */
export function useShortcuts(run: (action: ShortcutAction, event: KeyboardEvent) => boolean): void {
  const { isFresh } = useFreshPress()
  const listener = (event: KeyboardEvent): void => {
    if (event.defaultPrevented) return
    const action = shortcutFor(event)
    if (!action || !isFresh(event)) return
    if (run(action, event)) event.preventDefault()
  }
  onMounted(() => window.addEventListener('keydown', listener))
  onBeforeUnmount(() => window.removeEventListener('keydown', listener))
}
