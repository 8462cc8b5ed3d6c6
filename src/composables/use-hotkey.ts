// Global keyboard shortcuts ("mod+k" = Ctrl+K, or Cmd+K on macOS), bound for a component's lifetime.
import { onBeforeUnmount, onMounted } from 'vue'

export interface Hotkey {
  key: string
  mod: boolean
  shift: boolean
  alt: boolean
}

/** Parses "mod+k", "shift+alt+p", "escape". */
export function parseHotkey(combo: string): Hotkey {
  const parts = combo.toLowerCase().split('+')
  const key = parts.pop() ?? ''
  return { key, mod: parts.includes('mod'), shift: parts.includes('shift'), alt: parts.includes('alt') }
}

/** Whether the event is the combo. "mod" accepts Ctrl or Cmd, so one binding serves every platform. */
export function matchesHotkey(event: KeyboardEvent, hotkey: Hotkey): boolean {
  const mod = event.ctrlKey || event.metaKey
  return event.key.toLowerCase() === hotkey.key && mod === hotkey.mod && event.shiftKey === hotkey.shift && event.altKey === hotkey.alt
}

/**
 * Calls `handler` when the combo is pressed anywhere in the window, even inside an input: a
 * shortcut with a modifier never types text, so it is safe to take it from the field.
 */
export function useHotkey(combo: string, handler: (event: KeyboardEvent) => void, target: () => EventTarget = () => window): void {
  const hotkey = parseHotkey(combo)
  const listener = (event: Event): void => {
    const key = event as KeyboardEvent
    if (!matchesHotkey(key, hotkey)) return
    key.preventDefault()
    handler(key)
  }
  let bound: EventTarget | null = null
  onMounted(() => {
    bound = target()
    bound.addEventListener('keydown', listener)
  })
  onBeforeUnmount(() => bound?.removeEventListener('keydown', listener))
}

// ---- One keypress, one action --------------------------------------------------------------------
// A key held down repeats its keydown. A dialog opened by the first Enter must not take the repeats
// (or, where a platform marks repeats badly, the still-held key) as the trader's answer: it acts only
// on a press that began after it opened.

/** A physical key: the code where the browser gives one (NumpadEnter is not Enter), else the key. */
export function keyOf(event: KeyboardEvent): string {
  return event.code || event.key
}

export interface KeyTracker {
  /** The keys down right now, as the target saw them. */
  held(): ReadonlySet<string>
  dispose(): void
}

/**
 * Keeps the set of keys held down on `target`: keydown adds, keyup removes, and losing focus forgets
 * them all (their keyups go to another window). Listens in the capture phase, so a handler that
 * stops an event does not hide it.
 */
export function createKeyTracker(target: EventTarget): KeyTracker {
  const down = new Set<string>()
  const onDown = (event: Event): void => void down.add(keyOf(event as KeyboardEvent))
  const onUp = (event: Event): void => void down.delete(keyOf(event as KeyboardEvent))
  const onBlur = (): void => down.clear()
  target.addEventListener('keydown', onDown, true)
  target.addEventListener('keyup', onUp, true)
  target.addEventListener('blur', onBlur)
  return {
    held: () => down,
    dispose() {
      target.removeEventListener('keydown', onDown, true)
      target.removeEventListener('keyup', onUp, true)
      target.removeEventListener('blur', onBlur)
    },
  }
}

let windowKeys: KeyTracker | null = null

/** The window's key tracker, started on first use and kept for the page's life (two listeners). */
export function windowKeyTracker(): KeyTracker {
  windowKeys ??= createKeyTracker(window)
  return windowKeys
}

export interface FreshPressGuard {
  /** Whether this keydown is a press that began after the guard was made. */
  isFresh(event: KeyboardEvent): boolean
  dispose(): void
}

/**
 * Tells fresh presses from held ones, from now on: a keydown counts only when it is no auto-repeat
 * and its key was not already down now, unless it has been released since.
 */
export function freshPressGuard(tracker: KeyTracker, target: EventTarget): FreshPressGuard {
  const stale = new Set(tracker.held())
  const onUp = (event: Event): void => void stale.delete(keyOf(event as KeyboardEvent))
  target.addEventListener('keyup', onUp, true)
  return {
    isFresh: (event) => !event.repeat && !stale.has(keyOf(event)),
    dispose: () => target.removeEventListener('keyup', onUp, true),
  }
}

/** A fresh-press guard for a component's lifetime, made when the component is set up. */
export function useFreshPress(): Pick<FreshPressGuard, 'isFresh'> {
  const guard = freshPressGuard(windowKeyTracker(), window)
  onBeforeUnmount(() => guard.dispose())
  return { isFresh: guard.isFresh }
}
