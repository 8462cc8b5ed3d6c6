// The start-up sequence: the remembered chart is asked for as soon as the preferences and the session
// are in, while the pair list is still loading (the chart is the slowest part of the first screen);
// a remembered pair this exchange does not list is replaced by the first one it does.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Pair } from '@domain/wire'
import { deferred, fakeTerminal, profileView, sessionState, type FakeTerminal } from './stores/fake-terminal.test-util'
import { BTC_USDT, ETH_USDT, PREFS, candleRun } from './stores/market-fixtures.test-util'
import type { WindowStart } from './startup'

let terminal: FakeTerminal
let pairs: ReturnType<typeof deferred<Pair[]>>

beforeEach(async () => {
  vi.resetModules()
  pairs = deferred<Pair[]>()
  terminal = fakeTerminal({
    'prefs.get': () => PREFS,
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView()],
    'app.info': () => ({ name: 'T', version: '0.1.0', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'market.pairs': () => pairs.promise,
    'market.currencies': () => [],
    'market.ticker': () => [],
    'market.subscribe': (input) => ({ pair: input.pair, interval: input.interval, candles: candleRun(3, 1_700_000_000), trades: [], ticker: null, stale: false, fetchedAt: 1 }),
  })
  // The bridge is in place before the window starts.
  const api = await import('@/api')
  api.setTerminal(terminal)
})

/** Starts the window as main.ts does. */
async function startWindow(): Promise<WindowStart> {
  const started = (await import('./startup')).startWindow()
  if ('problem' in started) throw new Error(started.problem)
  return started
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('start-up', () => {
  it('asks for the remembered chart before the pair list has answered, and only once', async () => {
    const { firstStart } = await startWindow()
    await settle()
    expect(terminal.callsOf('market.subscribe')).toEqual([{ pair: 'BTC_USDT', interval: '60' }])
    pairs.resolve([BTC_USDT, ETH_USDT])
    expect(await firstStart).toBeNull()
    expect(terminal.callsOf('market.subscribe')).toHaveLength(1)
  })

  it('asks for the chart once the session is in, not after the profile list (a keychain lookup)', async () => {
    const list = deferred<ReturnType<typeof profileView>[]>()
    terminal.handlers['profiles.list'] = () => list.promise
    const { firstStart } = await startWindow()
    await settle()
    expect(terminal.callsOf('market.subscribe')).toEqual([{ pair: 'BTC_USDT', interval: '60' }])
    list.resolve([profileView()])
    pairs.resolve([BTC_USDT, ETH_USDT])
    expect(await firstStart).toBeNull()
    const { useSessionStore } = await import('@/stores/session')
    expect(useSessionStore().profiles).toHaveLength(1)
  })

  // Vue renders what an answer changed in a microtask queued as the store changes; the layout's first
  // render with a session is the start's longest stretch (~200 ms), and nothing is sent while it runs.
  // A watcher stands for that render: when it runs, the chart must already be on its way.
  for (const last of ['session.get', 'prefs.get'] as const) {
    it(`asks for the chart before the window renders the answers it waited for (${last} last)`, async () => {
      const first = last === 'session.get' ? 'prefs.get' : 'session.get'
      const answers = { 'session.get': deferred<ReturnType<typeof sessionState>>(), 'prefs.get': deferred<typeof PREFS>() }
      terminal.handlers['session.get'] = () => answers['session.get'].promise
      terminal.handlers['prefs.get'] = () => answers['prefs.get'].promise
      const { firstStart, pinia } = await startWindow()
      const { setActivePinia } = await import('pinia')
      const { watch } = await import('vue')
      setActivePinia(pinia)
      const { useSessionStore } = await import('@/stores/session')
      const { usePrefsStore } = await import('@/stores/prefs')
      const session = useSessionStore()
      const prefs = usePrefsStore()
      const askedAtRender: number[] = []
      watch([() => session.profile, () => prefs.loaded], ([profile, loaded]) => {
        if (profile && loaded) askedAtRender.push(terminal.callsOf('market.subscribe').length)
      })
      if (first === 'session.get') answers['session.get'].resolve(sessionState())
      else answers['prefs.get'].resolve(PREFS)
      await settle()
      expect(terminal.callsOf('market.subscribe')).toHaveLength(0)
      if (last === 'session.get') answers['session.get'].resolve(sessionState())
      else answers['prefs.get'].resolve(PREFS)
      await settle()
      expect(askedAtRender).toEqual([1])
      pairs.resolve([BTC_USDT, ETH_USDT])
      expect(await firstStart).toBeNull()
    })
  }

  it('reads the session, the account and the shown market again when the event stream is back after a break', async () => {
    let resumed: () => void = () => undefined
    terminal.onResume = (listener) => {
      resumed = listener
      return () => undefined
    }
    terminal.handlers['account.snapshot'] = () => ({ switchGeneration: 1, accountId: 7, balances: [], feeRules: [], orders: [], fetchedAt: 1 })
    const { firstStart } = await startWindow()
    pairs.resolve([BTC_USDT, ETH_USDT])
    await firstStart
    const before = { subscribe: terminal.callsOf('market.subscribe').length, session: terminal.callsOf('session.get').length, account: terminal.callsOf('account.snapshot').length }
    resumed()
    await settle()
    expect(terminal.callsOf('market.subscribe').slice(before.subscribe)).toEqual([{ pair: 'BTC_USDT', interval: '60' }])
    expect(terminal.callsOf('session.get')).toHaveLength(before.session + 1)
    expect(terminal.callsOf('account.snapshot')).toHaveLength(before.account + 1)
    const { useNoticeStore } = await import('@/stores/notices')
    expect(useNoticeStore().items[0]?.title).toBe('Reconnected to the terminal')
  })

  it('a remembered pair this exchange does not list gives way to the first one it does', async () => {
    const { firstStart } = await startWindow()
    await settle()
    pairs.resolve([ETH_USDT])
    await firstStart
    expect(terminal.callsOf('market.subscribe')).toEqual([
      { pair: 'BTC_USDT', interval: '60' },
      { pair: 'ETH_USDT', interval: '60' },
    ])
    const { useMarketStore } = await import('@/stores/market')
    expect(useMarketStore().pair).toBe('ETH_USDT')
  })
})
