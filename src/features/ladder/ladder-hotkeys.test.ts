// The ladder's hotkeys: a press written as its combo (letters and digits by their physical key), which
// combos may be bound (never one the terminal or the browser uses, never a plain key, never two
// actions on one), and which action a press stands for; every action off until set.
import { describe, expect, it } from 'vitest'
import { DEFAULT_LADDER_HOTKEYS } from '@domain/prefs/ladder-prefs'
import { actionFor, comboLabel, comboOf, hotkeyProblem, type KeyPress } from './ladder-hotkeys'

const press = (key: string, code: string, mods: Partial<Pick<KeyPress, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>> = {}): KeyPress => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
})

describe('comboOf', () => {
  it('writes modifiers in one order and the key by its physical place', () => {
    expect(comboOf(press('B', 'KeyB', { altKey: true, shiftKey: true }))).toBe('alt+shift+b')
    expect(comboOf(press('∫', 'KeyB', { altKey: true }))).toBe('alt+b')
    expect(comboOf(press('!', 'Digit1', { ctrlKey: true, shiftKey: true }))).toBe('mod+shift+1')
    expect(comboOf(press('b', 'KeyB', { metaKey: true }))).toBe('mod+b')
    expect(comboOf(press('F2', 'F2'))).toBe('f2')
    expect(comboOf(press('ArrowUp', 'ArrowUp', { altKey: true }))).toBe('alt+arrowup')
  })

  it('is null for a modifier alone', () => {
    expect(comboOf(press('Shift', 'ShiftLeft', { shiftKey: true }))).toBeNull()
    expect(comboOf(press('Control', 'ControlLeft', { ctrlKey: true }))).toBeNull()
  })

  it('reads on a key cap', () => {
    expect(comboLabel('mod+alt+b')).toBe('Ctrl/⌘ Alt B')
    expect(comboLabel('f2')).toBe('F2')
  })
})

describe('hotkeyProblem', () => {
  it('refuses combos the terminal or the browser already uses', () => {
    expect(hotkeyProblem('mod+k', 'buyBest', DEFAULT_LADDER_HOTKEYS)).toContain('Search the pairs')
    expect(hotkeyProblem('mod+shift+x', 'cancelAll', DEFAULT_LADDER_HOTKEYS)).toContain('panic')
    expect(hotkeyProblem('f5', 'buyBest', DEFAULT_LADDER_HOTKEYS)).toContain('Reload')
  })

  it('refuses plain keys (typing, and the one-key shortcuts B, S, 1–7) but takes F keys', () => {
    expect(hotkeyProblem('b', 'buyBest', DEFAULT_LADDER_HOTKEYS)).toContain('Ctrl/⌘ or Alt')
    expect(hotkeyProblem('shift+b', 'buyBest', DEFAULT_LADDER_HOTKEYS)).toContain('Ctrl/⌘ or Alt')
    expect(hotkeyProblem('f2', 'buyBest', DEFAULT_LADDER_HOTKEYS)).toBeNull()
    expect(hotkeyProblem('alt+b', 'buyBest', DEFAULT_LADDER_HOTKEYS)).toBeNull()
  })

  it('refuses a combo another action holds, but not the action that holds it', () => {
    const set = { ...DEFAULT_LADDER_HOTKEYS, sellBest: 'alt+s' }
    expect(hotkeyProblem('alt+s', 'buyBest', set)).toContain('Sell the preset size')
    expect(hotkeyProblem('alt+s', 'sellBest', set)).toBeNull()
  })
})

describe('actionFor', () => {
  it('is null for every press while no hotkey is set', () => {
    expect(actionFor(press('b', 'KeyB', { altKey: true }), DEFAULT_LADDER_HOTKEYS)).toBeNull()
    expect(actionFor(press('F2', 'F2'), DEFAULT_LADDER_HOTKEYS)).toBeNull()
  })

  it('finds the action of the exact combo only', () => {
    const set = { ...DEFAULT_LADDER_HOTKEYS, buyBest: 'alt+b', flatten: 'mod+alt+f' }
    expect(actionFor(press('b', 'KeyB', { altKey: true }), set)).toBe('buyBest')
    expect(actionFor(press('b', 'KeyB', { altKey: true, shiftKey: true }), set)).toBeNull()
    expect(actionFor(press('f', 'KeyF', { ctrlKey: true, altKey: true }), set)).toBe('flatten')
    expect(actionFor(press('f', 'KeyF', { altKey: true }), set)).toBeNull()
  })
})
