// The start-up sequence: the remembered chart is asked for at once, in one round trip (market.start:
// the core knows which pair was shown last), before the preferences, the session or the pair list
// have answered (the chart is the slowest part of the first screen); the window's other reads wait for
// its answer; a remembered pair this exchange does not list is replaced by the first one it does.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Pair } from '@domain/wire/wire'
import { deferred, fakeTerminal, profileView, sessionState, type FakeTerminal } from './stores/test/fake-terminal.test-util'
import { BTC_USDT, ETH_USDT, PREFS, candleRun } from './stores/test/market-fixtures.test-util'
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
    'market.subscribe': (input) => chart(input.pair, input.interval),
    'market.start': () => chart(PREFS.pair, PREFS.interval),
  })
  // The bridge is in place before the window starts.
  const api = await import('@/api')
  api.setTerminal(terminal)
})

const chart = (pair: string, interval: typeof PREFS.interval) => ({ pair, interval, candles: candleRun(3, 1_700_000_000), trades: [], ticker: null, stale: false, fetchedAt: 1 })

/** Starts the window as main.ts does. */
async function startWindow(): Promise<WindowStart> {
  const started = (await import('./startup')).startWindow()
  if ('problem' in started) throw new Error(started.problem)
  return started
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('start-up', () => {
  it('asks for the remembered chart before anything has answered, and only once', async () => {
    const held = deferred<typeof PREFS>()
    terminal.handlers['prefs.get'] = () => held.promise
    terminal.handlers['session.get'] = () => new Promise(() => undefined)
    const started = await startWindow()
    await settle()
    expect(terminal.calls[0]?.method).toBe('market.start')
    expect(terminal.callsOf('market.start')).toHaveLength(1)
    const { setActivePinia } = await import('pinia')
    setActivePinia(started.pinia)
    const { useMarketStore } = await import('@/stores/market/market')
    expect(useMarketStore().pair).toBe('BTC_USDT')
    expect(useMarketStore().candles).toHaveLength(3)
    expect(terminal.callsOf('market.subscribe')).toHaveLength(0)
  })

  it('the chart once, whatever answers after it: no second subscription for the remembered pair', async () => {
    const { firstStart } = await startWindow()
    pairs.resolve([BTC_USDT, ETH_USDT])
    expect(await firstStart).toBeNull()
    expect(terminal.callsOf('market.start')).toHaveLength(1)
    expect(terminal.callsOf('market.subscribe')).toHaveLength(0)
  })

  it("holds the window's other reads until the chart has answered, then sends every one of them", async () => {
    const answer = deferred<ReturnType<typeof chart>>()
    terminal.handlers['market.start'] = () => answer.promise
    terminal.handlers['account.snapshot'] = () => ({ switchGeneration: 1, accountId: 7, balances: [], feeRules: [], orders: [], fetchedAt: 1 })
    const { firstStart } = await startWindow()
    await settle()
    await settle()
    expect(terminal.callsOf('market.ticker')).toHaveLength(0)
    expect(terminal.callsOf('account.snapshot')).toHaveLength(0)
    expect(terminal.callsOf('session.get')).toHaveLength(1)
    // The pair list is the chart's own read (its precision draws the chart's prices): not held.
    expect(terminal.callsOf('market.pairs')).toHaveLength(1)
    answer.resolve(chart('BTC_USDT', '60'))
    await settle()
    await settle()
    expect(terminal.callsOf('market.ticker')).toHaveLength(1)
    expect(terminal.callsOf('account.snapshot')).toHaveLength(1)
    pairs.resolve([BTC_USDT, ETH_USDT])
    expect(await firstStart).toBeNull()
  })

  it('with nothing remembered (market.start answers null), the chart is the first listed pair once the list is in', async () => {
    terminal.handlers['market.start'] = () => null
    terminal.handlers['prefs.get'] = () => ({ ...PREFS, pair: '' })
    const { firstStart } = await startWindow()
    await settle()
    expect(terminal.callsOf('market.subscribe')).toHaveLength(0)
    pairs.resolve([ETH_USDT, BTC_USDT])
    expect(await firstStart).toBeNull()
    expect(terminal.callsOf('market.subscribe')).toEqual([{ pair: 'ETH_USDT', interval: '60' }])
  })

  // Vue renders what an answer changed in a microtask queued as the store changes; the layout's first
  // render with a session is the start's longest stretch (~200 ms), and nothing is sent while it runs.
  // A watcher stands for that render: when it runs, the chart must already be on its way.
  for (const last of ['session.get', 'prefs.get'] as const) {
    it(`asks for the chart before the window renders the answers (${last} last)`, async () => {
      const first = last === 'session.get' ? 'prefs.get' : 'session.get'
      const answers = { 'session.get': deferred<ReturnType<typeof sessionState>>(), 'prefs.get': deferred<typeof PREFS>() }
      terminal.handlers['session.get'] = () => answers['session.get'].promise
      terminal.handlers['prefs.get'] = () => answers['prefs.get'].promise
      const { firstStart, pinia } = await startWindow()
      const { setActivePinia } = await import('pinia')
      const { watch } = await import('vue')
      setActivePinia(pinia)
      const { useSessionStore } = await import('@/stores/session/session')
      const { usePrefsStore } = await import('@/stores/prefs')
      const session = useSessionStore()
      const prefs = usePrefsStore()
      const askedAtRender: number[] = []
      watch([() => session.profile, () => prefs.loaded], ([profile, loaded]) => {
        if (profile && loaded) askedAtRender.push(terminal.callsOf('market.start').length)
      })
      if (first === 'session.get') answers['session.get'].resolve(sessionState())
      else answers['prefs.get'].resolve(PREFS)
      await settle()
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
    expect(terminal.callsOf('market.start')).toHaveLength(1)
    expect(terminal.callsOf('market.subscribe')).toEqual([{ pair: 'ETH_USDT', interval: '60' }])
    const { useMarketStore } = await import('@/stores/market/market')
    expect(useMarketStore().pair).toBe('ETH_USDT')
  })
})
