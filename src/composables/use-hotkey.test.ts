// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { createKeyTracker, freshPressGuard, type KeyTracker } from './use-hotkey'

const down = (key: string, init: KeyboardEventInit = {}) => new KeyboardEvent('keydown', { key, code: key, bubbles: true, ...init })
const up = (key: string) => new KeyboardEvent('keyup', { key, code: key, bubbles: true })

let target: HTMLElement
let tracker: KeyTracker

function setup(): void {
  target = document.createElement('div')
  document.body.appendChild(target)
  tracker = createKeyTracker(target)
}

afterEach(() => {
  tracker?.dispose()
  target?.remove()
})

describe('one keypress, one action', () => {
  it('an Enter held down when the guard starts does not count, repeated or not, until it is released', () => {
    setup()
    target.dispatchEvent(down('Enter')) // the press that opened the dialog
    const guard = freshPressGuard(tracker, target)
    expect(guard.isFresh(down('Enter', { repeat: true }))).toBe(false)
    // Some platforms send a held key's repeats without the repeat flag: still the same press.
    expect(guard.isFresh(down('Enter'))).toBe(false)
    target.dispatchEvent(up('Enter'))
    expect(guard.isFresh(down('Enter'))).toBe(true)
    guard.dispose()
  })

  it('a key that was up when the guard started counts at its first keydown, never at its repeats', () => {
    setup()
    const guard = freshPressGuard(tracker, target)
    expect(guard.isFresh(down('Enter'))).toBe(true)
    expect(guard.isFresh(down('Enter', { repeat: true }))).toBe(false)
    guard.dispose()
  })

  it('another key held at the start does not make Enter stale', () => {
    setup()
    target.dispatchEvent(down('ShiftLeft'))
    const guard = freshPressGuard(tracker, target)
    expect(guard.isFresh(down('Enter'))).toBe(true)
    expect(guard.isFresh(down('ShiftLeft'))).toBe(false)
    guard.dispose()
  })

  it('the tracker forgets held keys when focus leaves (their keyups go elsewhere)', () => {
    setup()
    target.dispatchEvent(down('Enter'))
    expect([...tracker.held()]).toEqual(['Enter'])
    target.dispatchEvent(new Event('blur'))
    expect(tracker.held().size).toBe(0)
  })
})
