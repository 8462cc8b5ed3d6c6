// @vitest-environment happy-dom
// The status bar names the mode of each feed (live / reconnecting / polling) and how old the newest
// data is, and ignores what an earlier profile session's feed says.
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { fakeTerminal, sessionState, type FakeTerminal } from '@/stores/test/fake-terminal.test-util'
import { useFeedStore } from '@/stores/session/feed'
import { useSessionStore } from '@/stores/session/session'
import { formatAge } from '@/lib/format'
import StatusBar from './StatusBar.vue'

let terminal: FakeTerminal

beforeEach(() => {
  setActivePinia(createPinia())
  terminal = fakeTerminal({
    'session.get': () => sessionState({ switchGeneration: 3, profileGeneration: 3 }),
    'profiles.list': () => [],
    'app.info': () => ({ name: 'T', version: '1', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
  })
  setTerminal(terminal)
})

describe('feed status in the status bar', () => {
  it('says live, then reconnecting, then polling, and drops a late word of an old session', async () => {
    useFeedStore().listen()
    await useSessionStore().load()
    const bar = mount(StatusBar)
    await flushPromises()
    expect(bar.find('[data-testid="feed-status"]').exists()).toBe(false) // nothing said yet: nothing claimed

    const now = { profileId: 'p1', profileGeneration: 3 }
    terminal.emit('feed.status', { session: now, modes: { market: 'live', account: 'live' } })
    terminal.emit('market.trades', { session: now, pair: 'BTC_USDT', trades: [] })
    await flushPromises()
    const status = () => bar.get('[data-testid="feed-status"]')
    expect(status().attributes('data-market-mode')).toBe('live')
    expect(status().text()).toBe('market live · now · account live')

    terminal.emit('feed.status', { session: now, modes: { market: 'reconnecting', account: 'reconnecting' } })
    await flushPromises()
    expect(status().text()).toContain('market reconnecting')

    terminal.emit('feed.status', { session: { profileId: 'p0', profileGeneration: 2 }, modes: { market: 'live', account: 'live' } })
    await flushPromises()
    expect(status().attributes('data-market-mode')).toBe('reconnecting')

    terminal.emit('feed.status', { session: now, modes: { market: 'polling', account: 'polling' } })
    await flushPromises()
    expect(status().text()).toContain('market polling')
    bar.unmount()
  })
})

describe('formatAge', () => {
  it('reads as a trader would say it', () => {
    expect([formatAge(400), formatAge(12_300), formatAge(185_000), formatAge(7_300_000)]).toEqual(['now', '12 s', '3 min', '2 h'])
  })
})
