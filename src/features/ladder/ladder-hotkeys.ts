// The ladder's hotkeys: a key press written as a combo ("alt+b", "mod+shift+f", "f2"), whether a combo
// may be bound (never one the terminal or the browser already uses, never a plain letter or digit,
// which are typing and the one-key shortcuts), and which action a press stands for. Pure.
import { LADDER_ACTIONS, type LadderAction, type LadderHotkeys } from '@domain/prefs/ladder-prefs'

export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>

export const LADDER_ACTION_LABELS: Record<LadderAction, string> = {
  buyBest: 'Buy the preset size at the best ask',
  sellBest: 'Sell the preset size at the best bid',
  cancelAll: 'Cancel all open orders on this pair',
  flatten: 'Flatten: sell what is held of the pair at market (always asks first)',
  sizeUp: 'Next larger size preset',
  sizeDown: 'Next smaller size preset',
}

/** Combos taken elsewhere, with who takes them. */
export const RESERVED_COMBOS: Readonly<Record<string, string>> = {
  'mod+k': 'Search the pairs',
  'mod+shift+x': 'Cancel all open orders (panic)',
  'mod+c': 'Copy',
  'mod+v': 'Paste',
  'mod+x': 'Cut',
  'mod+a': 'Select all',
  'mod+z': 'Undo',
  'mod+shift+z': 'Redo',
  'mod+y': 'Redo',
  'mod+r': 'Reload the window',
  'mod+shift+r': 'Reload the window',
  'mod+w': 'Close the window',
  'mod+q': 'Quit',
  'mod+t': 'New tab',
  'mod+n': 'New window',
  'mod+p': 'Print',
  'mod+f': 'Find',
  'mod+l': 'Address bar',
  'mod+shift+i': 'Developer tools',
  'mod+=': 'Zoom in',
  'mod+-': 'Zoom out',
  'mod+0': 'Reset zoom',
  f5: 'Reload the window',
  f11: 'Full screen',
  f12: 'Developer tools',
  'alt+f4': 'Close the window',
  'alt+arrowleft': 'Back',
  'alt+arrowright': 'Forward',
}

const NAMED_KEYS = new Set(['arrowup', 'arrowdown', 'arrowleft', 'arrowright', 'pageup', 'pagedown', 'home', 'end', 'insert', 'delete'])
const PUNCTUATION = new Set(['-', '=', '[', ']', ';', "'", ',', '.', '/', '`', '\\'])

/** The key itself, layout-independent for letters and digits: "b", "3", "f2", "arrowup"; null for a modifier alone. */
function keyName(press: KeyPress): string | null {
  const code = press.code ?? ''
  if (/^Key[A-Z]$/.test(code)) return code.slice(3).toLowerCase()
  if (/^Digit[0-9]$/.test(code)) return code.slice(5)
  const key = press.key.toLowerCase()
  if (/^f([1-9]|1[0-2])$/.test(key)) return key
  if (NAMED_KEYS.has(key)) return key
  if (key.length === 1 && (/[a-z0-9]/.test(key) || PUNCTUATION.has(key))) return key
  return null
}

/** The press as a combo, modifiers in the schema's order; null for a lone modifier or a key no combo names. */
export function comboOf(press: KeyPress): string | null {
  const key = keyName(press)
  if (key === null) return null
  return `${press.ctrlKey || press.metaKey ? 'mod+' : ''}${press.altKey ? 'alt+' : ''}${press.shiftKey ? 'shift+' : ''}${key}`
}

/** How a combo reads on a key cap: "Ctrl/⌘ Alt B". */
export function comboLabel(combo: string): string {
  return combo
    .split('+')
    .map((part) => (part === 'mod' ? 'Ctrl/⌘' : part === 'alt' ? 'Alt' : part === 'shift' ? 'Shift' : part.length === 1 ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1)))
    .join(' ')
}

/** Why `combo` cannot be bound to `action`, or null when it can. */
export function hotkeyProblem(combo: string, action: LadderAction, hotkeys: LadderHotkeys): string | null {
  const reserved = RESERVED_COMBOS[combo]
  if (reserved) return `${comboLabel(combo)} is taken: ${reserved}`
  const key = combo.split('+').pop() ?? ''
  const withModifier = combo.startsWith('mod+') || combo.includes('alt+')
  if (!withModifier && !/^f([1-9]|1[0-2])$/.test(key)) return 'Use Ctrl/⌘ or Alt with the key (or an F key): plain keys type text and are the one-key shortcuts'
  const other = LADDER_ACTIONS.find((a) => a !== action && hotkeys[a] === combo)
  if (other) return `${comboLabel(combo)} is already set for: ${LADDER_ACTION_LABELS[other]}`
  return null
}

/** The action a press stands for, or null (every hotkey is off until set). */
export function actionFor(press: KeyPress, hotkeys: LadderHotkeys): LadderAction | null {
  const combo = comboOf(press)
  if (combo === null) return null
  return LADDER_ACTIONS.find((a) => hotkeys[a] === combo) ?? null
}
