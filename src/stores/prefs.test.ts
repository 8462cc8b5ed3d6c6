// The preferences one window changed reach the others (a pop-out follows the main window's theme),
// but never undo a change of this window's own that the core has not answered yet.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { DEFAULT_PREFERENCES } from '@domain/prefs/preferences'
import { setTerminal } from '@/api'
import { deferred, fakeTerminal, type FakeTerminal } from './test/fake-terminal.test-util'
import { usePrefsStore } from './prefs'

let terminal: FakeTerminal
beforeEach(() => {
  setActivePinia(createPinia())
  terminal = fakeTerminal({ 'prefs.get': () => structuredClone(DEFAULT_PREFERENCES) })
  setTerminal(terminal)
})

describe('preferences across windows', () => {
  it("another window's change is taken", async () => {
    const prefs = usePrefsStore()
    await prefs.load()
    terminal.emit('prefs.changed', { ...DEFAULT_PREFERENCES, theme: 'light' })
    expect(prefs.prefs.theme).toBe('light')
  })

  it('while its own change is on its way, another window’s does not overwrite it; the answer decides', async () => {
    const prefs = usePrefsStore()
    await prefs.load()
    const answer = deferred<typeof DEFAULT_PREFERENCES>()
    terminal.handlers['prefs.set'] = () => answer.promise
    const setting = prefs.setTheme('light')
    terminal.emit('prefs.changed', { ...DEFAULT_PREFERENCES, theme: 'dark' })
    expect(prefs.prefs.theme).toBe('light')
    answer.resolve({ ...DEFAULT_PREFERENCES, theme: 'light' })
    await setting
    expect(prefs.prefs.theme).toBe('light')
  })
})
