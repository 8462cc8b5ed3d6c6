// @vitest-environment happy-dom
// The window's chart takes over the first chart (first-chart.ts) drawn before the window mounted: the
// same instance and painter, so its first render paints only what changed since, not the whole chart
// again; a first chart of another series is not taken, and the window's chart draws its own.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { EChartsType } from 'echarts/core'
import { setTerminal } from '@/api'
import { displayZone } from '@/lib/display-zone'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import { useSessionStore } from '@/stores/session/session'
import { BTC_USDT, candleRun, fakeTerminal } from '@/stores/test/market-fixtures.test-util'
import { sessionState } from '@/stores/test/fake-terminal.test-util'

const fake = await vi.hoisted(async () => (await import('./test/fake-echarts.test-util')).fakeEcharts())
vi.mock('echarts/core', async (importOriginal) => ({ ...(await importOriginal<object>()), init: fake.init, use: () => undefined }))
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }))

const { default: CandleChart } = await import('./CandleChart.vue')
const { CandleChartPainter } = await import('./candle-chart-painter')
const { chartPaintRequest } = await import('./chart-paint-request')
const { dropFirstChart, offerFirstChart } = await import('./first-chart-handoff')

const T0 = 1_700_000_000 - (1_700_000_000 % 3600)
const CANDLES = candleRun(300, T0)
let wrapper: VueWrapper | null = null

/** A first chart of `pair`, painted as first-chart.ts paints it, with the window's candles. */
function offer(pair: string): HTMLElement {
  const element = document.createElement('div')
  const frame = document.createElement('div')
  frame.append(element)
  document.body.append(frame)
  const instance = fake.init(element) as unknown as EChartsType
  const painter = new CandleChartPainter(instance)
  painter.paint(
    chartPaintRequest({ pair, interval: '60', selectedPair: BTC_USDT, candles: CANDLES, theme: 'dark', zone: displayZone.value, configs: [], orders: [], positions: [], height: () => 400 }),
  )
  offerFirstChart({ frame, element, instance, painter, series: `${pair}|60`, candles: CANDLES.length, renderMs: 42.5 })
  return element
}

beforeEach(async () => {
  fake.reset()
  setActivePinia(createPinia())
  const terminal = fakeTerminal()
  setTerminal(terminal)
  terminal.handle('market.subscribe', () => ({ pair: 'BTC_USDT', interval: '60', candles: CANDLES, trades: [], ticker: null, stale: false, fetchedAt: T0 * 1000 }))
  useSessionStore().applyState(sessionState({ profile: null, accounts: [] }))
  usePairsStore().pairs = [BTC_USDT]
  await useMarketStore().subscribe('BTC_USDT', '60')
})

afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  dropFirstChart()
  document.body.replaceChildren()
})

describe('CandleChart and the first chart', () => {
  it('takes over the first chart of its series: no new instance, no whole repaint, its paint counted as the first', async () => {
    const element = offer('BTC_USDT')
    const options = fake.state.options.length
    wrapper = mount(CandleChart, { attachTo: document.body })
    await flushPromises()
    expect(fake.state.inits).toHaveLength(1) // the first chart's own
    expect(wrapper.find('.host').element.firstElementChild).toBe(element)
    const root = wrapper.find('[data-testid="chart"]')
    expect(root.attributes('data-paint')).not.toBe('full')
    expect(fake.state.options.slice(options).some((o) => (o.opts as { notMerge?: boolean } | undefined)?.notMerge)).toBe(false)
    expect(root.attributes('data-first-paint-ms')).toBe('42.50')
    expect(root.attributes('data-first-paint-candles')).toBe('300')
  })

  it('leaves a first chart of another series, which is removed, and draws its own', async () => {
    const element = offer('ETH_USDT')
    wrapper = mount(CandleChart, { attachTo: document.body })
    await flushPromises()
    expect(fake.state.inits).toHaveLength(2)
    expect(element.isConnected).toBe(false)
    expect(wrapper.find('[data-testid="chart"]').attributes('data-paint')).toBe('full')
  })
})
