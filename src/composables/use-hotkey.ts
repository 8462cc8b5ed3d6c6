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
