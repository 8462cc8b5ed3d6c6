// A test's fresh window: a new Pinia, a fake core behind the bridge, and a session already applied
// (the state the stores find once the start has read it). Not imported by the app.
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { fakeTerminal, sessionState, type FakeTerminal } from './fake-terminal.test-util'
import { useSessionStore } from '../session/session'

export function freshSession(state = sessionState()): FakeTerminal {
  setActivePinia(createPinia())
  const terminal = fakeTerminal()
  setTerminal(terminal)
  useSessionStore().applyState(state)
  return terminal
}
