// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { OrderRecord } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { useAccountStore } from '@/stores/account/account'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import { useOrderFormStore } from '@/stores/orders/order-form'
import { useSessionStore } from '@/stores/session/session'
import { usePrefsStore } from '@/stores/prefs'
import { IndicatorRun } from '@/features/chart/indicators/engine'
import { normaliseConfig } from '@/features/chart/indicators/specs'
import { BTC_USDT, candleRun, fakeTerminal, type FakeTerminal } from '@/stores/test/market-fixtures.test-util'
import { deferred } from '@/stores/test/fake-terminal.test-util'
import { firstHanded } from '@/features/chart/candle-chart-option'
import { volumeMax, volumeTop } from '@/features/chart/chart-scale'

// A canvas-free stand-in for an ECharts instance: records every setOption and keeps the handlers.
const fake = await vi.hoisted(async () => (await import('./test/fake-echarts.test-util')).fakeEcharts())

// The real zrender shapes (the live overlay builds them), the fake chart.
vi.mock('echarts/core', async (importOriginal) => ({ ...(await importOriginal<object>()), init: fake.init, use: () => undefined }))
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }))

const { default: CandleChart } = await import('./CandleChart.vue')
const { LiveOverlay } = await import('@/features/chart/live-overlay')
/** What the live overlay was last given to draw: the live candle, the last price, the indicators' last segments. */
const liveSet = vi.spyOn(LiveOverlay.prototype, 'set')
const live = () => liveSet.mock.calls.at(-1)![0]
/** The level lines the overlay was last given: the open orders, the positions' levels. */
const levelsSet = vi.spyOn(LiveOverlay.prototype, 'setLevels')
const levels = () => levelsSet.mock.calls.at(-1)![0]

const T0 = 1_700_000_000 - (1_700_000_000 % 3600)
const ORDER: OrderRecord = { id: 5, pair: 'BTC_USDT', amount: '0.5', price: '43000', side: 'BID', status: 'OPEN', type: 'LIMIT' }

type Option = {
  animation?: boolean
  grid?: unknown[]
  series: { id: string; data: unknown[]; itemStyle?: Record<string, unknown>; markLine?: unknown }[]
  dataZoom?: { startValue: number; endValue: number }[]
  xAxis?: unknown[]
  yAxis?: Record<string, unknown>[]
}
const optionAt = (i: number) => fake.state.options.at(i)!.option as unknown as Option
const seriesOf = (option: Option, id: string) => option.series.find((s) => s.id === id)
/** Every candle drawn: the settled series, and the live (newest) one the overlay draws, as [slot, o, c, l, h]. */
const drawnCandles = (option: Option) => {
  const { slot, candle } = live()
  return [...(seriesOf(option, 'candles')?.data ?? []), ...(candle ? [[slot, candle.open, candle.close, candle.low, candle.high]] : [])] as number[][]
}

let terminal: FakeTerminal
let wrapper: VueWrapper

beforeEach(async () => {
  fake.reset()
  liveSet.mockClear()
  levelsSet.mockClear()
  setActivePinia(createPinia())
  terminal = fakeTerminal()
  setTerminal(terminal)
  terminal.handle('market.subscribe', (input: { interval: '60' }) => ({
    pair: 'BTC_USDT',
    interval: input.interval,
    candles: candleRun(500, T0),
    trades: [],
    ticker: null,
    stale: false,
    fetchedAt: Date.UTC(2024, 0, 1, 12, 30),
  }))
  useSessionStore().applyState({
    switchGeneration: 1,
    profileGeneration: 1,
    profile: null,
    accounts: [],
    accountId: 7,
    canTrade: false,
    connection: { state: 'online', message: '', since: 0 },
    keychain: { available: true },
    storageWarnings: [],
  })
  useAccountStore().apply({ switchGeneration: 1, accountId: 7, balances: [], feeRules: [], orders: [ORDER, { ...ORDER, id: 6, status: 'FILLED' }], fetchedAt: 1 })
  const market = useMarketStore()
  usePairsStore().pairs = [BTC_USDT]
  await market.subscribe('BTC_USDT', '60')
  wrapper = mount(CandleChart)
  await flushPromises()
})

afterEach(() => wrapper.unmount())

describe('CandleChart', () => {
  it('waits for the pair list that is on its way before drawing, so its prices never show 8 places first', async () => {
    wrapper.unmount()
    fake.state.options.length = 0
    const pairs = usePairsStore()
    pairs.pairs = []
    pairs.loading = true
    wrapper = mount(CandleChart)
    await flushPromises()
    expect(fake.state.options).toHaveLength(0)
    expect(wrapper.find('[data-testid="chart-readout"]').exists()).toBe(false)
    pairs.pairs = [BTC_USDT]
    pairs.loading = false
    await flushPromises()
    expect(fake.state.options).toHaveLength(1)
    expect(wrapper.find('[data-testid="chart-readout"]').text()).toMatch(/C [\d,]+\.\d{2}(?!\d)/)
  })

  it('paints green up, red down, no animation, two grids, the last price and open orders as lines', () => {
    expect(fake.state.options).toHaveLength(1)
    expect(fake.state.options[0]!.opts).toEqual({ notMerge: true })
    const option = optionAt(0)
    expect(option.animation).toBe(false)
    expect(option.grid).toHaveLength(2)
    const candles = drawnCandles(option)
    // The slots in view (380…499) and the few before them, in order; the newest drawn by the live overlay.
    const from = firstHanded({ start: 380 }, 500)
    const handed = Array.from({ length: 500 - from }, (_, i) => from + i)
    expect(handed[0]).toBeLessThan(380)
    expect(candles.map((c) => c[0])).toEqual(handed)
    expect(seriesOf(option, 'candles')!.data).toHaveLength(handed.length - 1)
    // ECharts holds them unseen; settled-candles.ts draws them (green up, red down: its own tests).
    expect(seriesOf(option, 'candles')!.itemStyle).toMatchObject({ opacity: 0 })
    // The volume is not ECharts' (volume-bars.ts draws it): its axis only gets the pane's scale, the
    // tallest bar in view (slots 380…499) rounded up.
    expect(option.series.some((s) => /volume|live-extent-1/.test(s.id))).toBe(false)
    expect(option.yAxis![1]).toMatchObject({ min: 0, max: volumeTop(volumeMax(candleRun(500, T0), 380, 499)) })
    const last = candleRun(500, T0).at(-1)!
    expect(live()).toMatchObject({ slot: 499, candle: last, lastPrice: last.close, lastText: last.close.toLocaleString('en-US', { minimumFractionDigits: 2 }) })
    // The price axis covers the live candle: its extent series holds the candle's low and high.
    expect(seriesOf(option, 'live-extent-0')!.data).toEqual([
      [499, last.low],
      [499, last.high],
    ])
    // Only the live order is drawn, dashed, with what is left of it at its price: by the overlay, not ECharts.
    expect(levels()).toEqual([{ pane: 0, value: 43000, color: expect.any(String), type: 'dashed', label: { text: 'BUY 0.5000 @ 43,000.00', at: 'start-top' } }])
    expect(option.series.some((s) => s.markLine !== undefined)).toBe(false)
    // The last 120 of 500 candles in view.
    expect(option.dataZoom![0]).toMatchObject({ startValue: 380, endValue: 499 })
  })

  it('a live tick goes to the live overlay alone: no setOption, the candle and last price as the store has them', async () => {
    const last = candleRun(500, T0).at(-1)!
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: [{ ...last, close: 50000 }] })
    await flushPromises()
    expect(fake.state.options).toHaveLength(1)
    const chart = wrapper.get('[data-testid="chart"]')
    expect(chart.attributes('data-paint')).toBe('live')
    // The first paint with candles keeps its own time (the bench's first-render figure), ticks do not move it.
    expect(chart.attributes('data-first-paint-candles')).toBe('500')
    expect(Number(chart.attributes('data-first-paint-ms'))).toBeGreaterThanOrEqual(0)
    const first = chart.attributes('data-first-paint-ms')
    expect(live()).toMatchObject({ slot: 499, candle: { ...last, close: 50000 }, lastPrice: 50000, lastText: '50,000.00' })
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: [{ ...last, close: 50000, volume: last.volume + 1 }] })
    await flushPromises()
    expect(fake.state.options).toHaveLength(1)
    expect(live().candle).toEqual({ ...last, close: 50000, volume: last.volume + 1 })
    expect(chart.attributes('data-first-paint-ms')).toBe(first)
    // A changed order is a change of the lines: drawn by the overlay, with no setOption either —
    // after the next frame is painted, so the order's row and the form's "placed" show first.
    useAccountStore().apply({ switchGeneration: 1, accountId: 7, balances: [], feeRules: [], orders: [{ ...ORDER, price: '42000' }], fetchedAt: 2 })
    await flushPromises()
    expect(levels()[0]).toMatchObject({ value: 43000 })
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    expect(levels()[0]).toMatchObject({ value: 42000, label: { text: 'BUY 0.5000 @ 42,000.00' } })
    expect(fake.state.options).toHaveLength(1)
    expect(chart.attributes('data-paint')).toBe('live')
  })

  it('a tick that corrects an older candle restates the settled candles too', async () => {
    const run = candleRun(500, T0)
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: [{ ...run[498]!, close: 41000 }, run[499]!] })
    await flushPromises()
    const option = optionAt(-1)
    expect(option.xAxis).toBeUndefined()
    expect((seriesOf(option, 'candles')!.data[498] as number[])[2]).toBe(41000)
  })

  it('a new candle scrolls into view while the view follows the newest one', async () => {
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: candleRun(1, T0 + 3600) })
    await flushPromises()
    const option = optionAt(-1)
    expect(option.xAxis).toHaveLength(2)
    expect(option.dataZoom![0]).toMatchObject({ startValue: 381, endValue: 500 })
  })

  it('panning to the left edge loads the older page and keeps the same candles in view', async () => {
    const firstTime = T0 - 499 * 3600
    terminal.handle('market.candles', (input: { until: number }) => candleRun(200, input.until - (input.until % 3600)))
    fake.state.handlers.get('datazoom')!({ batch: [{ start: 0, end: 24 }] })
    await flushPromises()
    expect(terminal.callsOf('market.candles')[0]).toMatchObject({ until: firstTime - 1 })
    const option = optionAt(-1)
    expect(drawnCandles(option)).toHaveLength(700)
    // The view was slots 0..120 of 500; 200 candles came before them, so it is now 200..320.
    expect(option.dataZoom![0]).toMatchObject({ startValue: 200, endValue: 320 })
  })

  it('a click in the candle pane fills the order form price, rounded to the pair', async () => {
    fake.state.zrHandlers.get('click')!({ offsetX: 100, offsetY: 50 })
    expect(useOrderFormStore().values.limit_price).toBe('43123.46')
  })

  it('shows the OHLCV readout of the hovered candle', async () => {
    const candle = candleRun(500, T0)[10]!
    fake.state.handlers.get('updateAxisPointer')!({ axesInfo: [{ axisDim: 'x', value: 10 }] })
    await flushPromises()
    const text = wrapper.find('[data-testid="chart-readout"]').text()
    expect(text).toContain(`O ${candle.open.toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
    expect(text).toContain(`H ${candle.high.toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
  })

  it('interval buttons resubscribe, and a stale feed shows its badge', async () => {
    expect(wrapper.findAll('[data-testid^="interval-"]').map((b) => b.attributes('data-testid'))).toEqual([
      'interval-1',
      'interval-5',
      'interval-15',
      'interval-30',
      'interval-60',
      'interval-240',
      'interval-1D',
    ])
    expect(wrapper.find('[data-testid="stale-badge"]').exists()).toBe(false)
    terminal.emit('market.status', { pair: 'BTC_USDT', interval: '60', stale: true, connection: { state: 'offline', message: '', since: 0 } })
    await flushPromises()
    expect(wrapper.find('[data-testid="stale-badge"]').text()).toMatch(/stale — offline data from \d\d:\d\d/)
    await wrapper.find('[data-testid="interval-1D"]').trigger('click')
    await flushPromises()
    expect(terminal.callsOf('market.subscribe').at(-1)).toEqual({ pair: 'BTC_USDT', interval: '1D' })
    // A new series is a new paint.
    expect(fake.state.options.at(-1)!.opts).toEqual({ notMerge: true })
  })

  it('the interval select (a narrow chart’s picker) shows the interval and resubscribes; a value it does not offer changes nothing', async () => {
    const select = wrapper.find<HTMLSelectElement>('[data-testid="chart-interval-select"]')
    expect(select.findAll('option').map((o) => o.text())).toEqual(['1m', '5m', '15m', '30m', '1h', '4h', '1D'])
    expect(select.element.value).toBe('60')
    await select.setValue('240')
    await flushPromises()
    expect(terminal.callsOf('market.subscribe').at(-1)).toEqual({ pair: 'BTC_USDT', interval: '240' })
    const calls = terminal.callsOf('market.subscribe').length
    // A tampered option (the page is not trusted with what it sends): no call.
    select.element.options[0]!.value = '2'
    await select.setValue('2')
    await flushPromises()
    expect(terminal.callsOf('market.subscribe')).toHaveLength(calls)
  })

  it('a pair still loading paints an empty chart: no old candles stay on screen', async () => {
    const answer = deferred<object>()
    terminal.handle('market.subscribe', () => answer.promise as never)
    const market = useMarketStore()
    usePairsStore().pairs = [BTC_USDT, { ...BTC_USDT, name: 'ETH_USDT' }]
    void market.subscribe('ETH_USDT', '60')
    await flushPromises()
    const last = optionAt(-1)
    expect(fake.state.options.at(-1)!.opts).toEqual({ notMerge: true })
    expect(seriesOf(last, 'candles')!.data).toEqual([])
    expect(wrapper.text()).toContain('Loading candles')
  })

  it('disposes the chart on unmount', () => {
    wrapper.unmount()
    expect(fake.state.disposed).toBe(true)
    wrapper = mount({ template: '<div />' })
  })

  it('draws the indicators saved for the pair and interval, names them in the legend, and follows a tick without recomputing', async () => {
    const rsi = normaliseConfig('RSI')
    const sma = normaliseConfig('SMA', { period: 10 }, '#123456')
    usePrefsStore().prefs.indicators = { 'BTC_USDT|60': [rsi, sma], 'BTC_USDT|15': [normaliseConfig('MACD')] }
    await flushPromises()
    expect(wrapper.get('[data-testid="chart"]').attributes('data-indicators')).toBe('RSI,SMA')
    const full = fake.state.options.at(-1)!
    expect(full.opts).toEqual({ notMerge: true })
    expect((full.option as unknown as Option).grid).toHaveLength(3)
    const legend = wrapper.get('[data-testid="indicator-legend"]').text()
    expect(legend).toContain('RSI 14')
    expect(legend).toContain('SMA 10')

    const recompute = vi.spyOn(IndicatorRun.prototype, 'recompute')
    const run = candleRun(500, T0)
    const last = run.at(-1)!
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: [{ ...last, close: last.close + 500, high: last.high + 500 }] })
    await flushPromises()
    expect(recompute).not.toHaveBeenCalled()
    recompute.mockRestore()
    // No setOption for the tick: the overlay draws each indicator's last segment.
    expect(fake.state.options.at(-1)).toBe(full)
    const segments = live().segments
    expect(segments.map((x) => x.pane)).toEqual([2, 0])
    // The live value is what a full computation over the ticked candles gives, continued from the settled one.
    const ticked = [...run.slice(0, -1), { ...last, close: last.close + 500, high: last.high + 500 }]
    const expected = new IndicatorRun(sma, 3600, ticked).result.lines.SMA!
    expect(segments[1]!.value).toBeCloseTo(expected.at(-1)!, 9)
    expect(segments[1]!.prev).toBeCloseTo(expected.at(-2)!, 9)
    expect(segments[1]!.color).toBe('#123456')
  })
})
