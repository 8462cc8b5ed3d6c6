// @vitest-environment happy-dom
// Times show in local time by default; the status bar's switch shows them in UTC and is remembered.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { accountSnapshot, balance, fakeTerminal, sessionState, type FakeTerminal } from '@/stores/test/fake-terminal.test-util'
import { displayZone } from '@/lib/display-zone'
import { useAccountStore } from '@/stores/account/account'
import { usePrefsStore } from '@/stores/prefs'
import { useSessionStore } from '@/stores/session/session'
import BalancesTable from '../features/balances/BalancesTable.vue'
import StatusBar from './StatusBar.vue'

let terminal: FakeTerminal

beforeEach(() => {
  vi.stubEnv('TZ', 'America/New_York')
  setActivePinia(createPinia())
})
afterEach(() => {
  displayZone.value = 'local'
  vi.unstubAllEnvs()
})

describe('the time-zone switch', () => {
  it("shows the exchange's zone-less times in local time, then in UTC, and saves the choice", async () => {
    terminal = fakeTerminal({
      'session.get': () => sessionState(),
      'profiles.list': () => [],
      'app.info': () => ({ name: 'T', version: '1', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
      'account.snapshot': () => accountSnapshot({ balances: [balance({ last_update_at: '2024-01-31T12:00:00' })] }),
      'prefs.set': (patch) => ({ ...usePrefsStore().prefs, ...patch }) as never,
    })
    setTerminal(terminal)
    useAccountStore().listen()
    await useSessionStore().load()
    await flushPromises()
    const table = mount(BalancesTable)
    const bar = mount(StatusBar)
    await flushPromises()
    // The Updated cell shows an older day's date; its title, the whole time.
    const updated = () => table.get('[data-testid="balance-row-BTC-SPOT"] [data-col="updated"]').attributes('title')
    const toggle = bar.get('[data-testid="time-zone-toggle"]')
    expect(toggle.text()).toBe('Local time')
    expect(updated()).toBe('2024-01-31 07:00:00') // 12:00 UTC in New York

    await toggle.trigger('click')
    await flushPromises()
    expect(bar.get('[data-testid="time-zone-toggle"]').text()).toBe('UTC')
    expect(updated()).toBe('2024-01-31 12:00:00')
    expect(terminal.callsOf('prefs.set')).toContainEqual({ timeZone: 'utc' })
    table.unmount()
    bar.unmount()
  })
})
