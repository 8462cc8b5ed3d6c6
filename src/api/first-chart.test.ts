// The first chart's gate: the chart's own calls pass at once; every other call waits, in order, until
// the gate opens (the chart answered) or its time is up, and none is lost.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdForFirstChart } from './first-chart'
import { fakeTerminal } from '@/stores/test/fake-terminal.test-util'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('holdForFirstChart', () => {
  afterEach(() => vi.useRealTimers())

  it("sends the chart's calls at once and holds the others until the gate opens, in the order they came", async () => {
    const inner = fakeTerminal({ 'market.start': () => null, 'prefs.get': () => ({}) as never, 'market.ticker': () => [], 'account.snapshot': () => ({}) as never, 'market.pairs': () => [] })
    const gate = holdForFirstChart(inner, 60_000)
    const tickers = gate.bridge.call('market.ticker', undefined)
    const account = gate.bridge.call('account.snapshot', undefined)
    await gate.bridge.call('market.start', undefined)
    await gate.bridge.call('prefs.get', undefined)
    // The pair list is the chart's too: its precision and names are how the chart draws its prices.
    await gate.bridge.call('market.pairs', undefined)
    await flush()
    expect(inner.calls.map((c) => c.method)).toEqual(['market.start', 'prefs.get', 'market.pairs'])
    expect(gate.holding).toBe(true)
    gate.open()
    await Promise.all([tickers, account])
    expect(inner.calls.map((c) => c.method)).toEqual(['market.start', 'prefs.get', 'market.pairs', 'market.ticker', 'account.snapshot'])
    expect(gate.holding).toBe(false)
  })

  it('lets the held calls go after its time at the latest, and passes everything once open', async () => {
    vi.useFakeTimers()
    const inner = fakeTerminal({ 'market.ticker': () => [], 'alerts.list': () => [] })
    const gate = holdForFirstChart(inner, 1_500)
    const held = gate.bridge.call('market.ticker', undefined)
    await vi.advanceTimersByTimeAsync(1_499)
    expect(inner.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    await held
    expect(inner.callsOf('market.ticker')).toHaveLength(1)
    await gate.bridge.call('alerts.list', undefined)
    expect(inner.callsOf('alerts.list')).toHaveLength(1)
  })

  it("passes the events and the stream's resumption through untouched", () => {
    const inner = fakeTerminal({})
    let resumed = 0
    inner.onResume = (listener) => {
      listener()
      resumed += 1
      return () => undefined
    }
    const gate = holdForFirstChart(inner, 1_000)
    const seen: unknown[] = []
    gate.bridge.on('notice', (n) => seen.push(n))
    inner.emit('notice', { level: 'info', title: 't', message: 'm' } as never)
    gate.bridge.onResume?.(() => undefined)
    expect(seen).toHaveLength(1)
    expect(resumed).toBe(1)
    gate.open()
  })
})
