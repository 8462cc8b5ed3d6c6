// The alerts store's and the alert dialog's tests start from the same terminal: a session with one
// profile, no alerts yet, BTC/USDT and ETH/USDT listed, and a create that answers with what was sent.
import { createPinia, setActivePinia } from 'pinia'
import type { Alert } from '@domain/api/api'
import { setNumberLocale } from '@domain/number-format'
import { setTerminal } from '@/api'
import { fakeTerminal, profileView, sessionState, type FakeTerminal } from './fake-terminal.test-util'
import { BTC_USDT, ETH_USDT } from './market-fixtures.test-util'
import { usePairsStore } from '../market/pairs'
import { useSessionStore } from '../session/session'

const created = (price?: string): Alert => ({ id: 'n1', profileId: 'p1', kind: 'above', pair: 'BTC_USDT', ...(price ? { price } : {}), sound: true, createdAt: 1, status: 'active' })

/** A fresh Pinia and that terminal, its session loaded; returns the terminal to read its calls. */
export async function alertsTerminal(): Promise<FakeTerminal> {
  setActivePinia(createPinia())
  setNumberLocale('en-US')
  const terminal = fakeTerminal({
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView()],
    'app.info': () => ({ name: 'T', version: '0.1.0', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'alerts.list': () => [],
    'alerts.create': (draft) => created(draft && 'price' in draft ? draft.price : undefined),
  })
  setTerminal(terminal)
  await useSessionStore().load()
  usePairsStore().pairs = [BTC_USDT, ETH_USDT]
  return terminal
}
