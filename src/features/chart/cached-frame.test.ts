// @vitest-environment happy-dom
// The cached chart's first frame is laid out without ECharts, and ECharts' chart then draws over it:
// every shape must sit where ECharts puts it, or the candles would jump when it takes over. Held
// against a real ECharts chart painted by the window's painter, over prices of every magnitude.
import { describe, expect, it } from 'vitest'
import type { Candle, Pair } from '@domain/wire/wire'
import { BTC_USDT, candleRun } from '@/stores/test/market-fixtures.test-util'
import { CandleChartPainter } from './candle-chart-painter'
import { candleShapes } from './candle-shapes'
import { readMapping } from './chart-mapping'
import { cachedFrameScene } from './cached-frame'
import { T0, paintRequest, ssrCharts } from './test/ssr-chart.test-util'

const charts = ssrCharts()

/** A seeded random walk of `count` hourly candles around `base`, its moves a `step` fraction. */
function walk(count: number, base: number, step: number, seed: number): Candle[] {
  let s = seed
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
  let price = base
  return Array.from({ length: count }, (_, i) => {
    const open = price
    const close = open * (1 + (rand() - 0.5) * step)
    price = close
    return {
      time: T0 - (count - 1 - i) * 3600,
      open,
      close,
      high: Math.max(open, close) * (1 + rand() * step * 0.3),
      low: Math.min(open, close) * (1 - rand() * step * 0.3),
      volume: rand() * 100,
    }
  })
}

interface YAxisLike {
  axis: { getViewLabels(): { formattedLabel: string }[] }
}

/** ECharts' chart of `candles` (`width` × 700 px), as the window paints it, and what it laid out. */
function echartsLayout(candles: Candle[], pair: Pair, width: number) {
  const chart = charts.make(width)
  const request = paintRequest(candles)
  new CandleChartPainter(chart).paint({ ...request, data: { ...request.data, pair } })
  const mapping = readMapping(chart, 2)!
  const yAxis = (chart as unknown as { getModel(): { getComponent(type: string, i: number): YAxisLike } }).getModel().getComponent('yAxis', 0)
  return { mapping, labels: yAxis.axis.getViewLabels().map((l) => l.formattedLabel) }
}

const cases: [string, Candle[], Pair, number][] = [
  ['500 hourly BTC candles', candleRun(500, T0), BTC_USDT, 1200],
  ['a walk around 43,000', walk(500, 43_000, 0.01, 7), BTC_USDT, 1200],
  ['a walk around 1.2345, four places', walk(300, 1.2345, 0.004, 11), { ...BTC_USDT, price_precision: 4 }, 900],
  ['a walk around 0.00001234, eight places', walk(200, 0.00001234, 0.02, 3), { ...BTC_USDT, price_precision: 8 }, 1600],
  ['fewer candles than the view', walk(37, 2_500, 0.02, 5), BTC_USDT, 700],
  ['a wide, volatile walk', walk(500, 90_000, 0.06, 13), { ...BTC_USDT, price_precision: 1 }, 1000],
]

describe('the cached first frame', () => {
  it.each(cases)("lays out %s exactly as ECharts' chart does", (_name, candles, pair, width) => {
    const { mapping, labels } = echartsLayout(candles, pair, width)
    const scene = cachedFrameScene(candles, pair.price_precision, 'dark', width, 700)!
    const [price, volume] = mapping.panes
    expect({ ...scene.price }).toEqual({ ...price })
    // The volume pane's rectangle is ECharts'; its scale is the chart's own, as the window computes it.
    expect([scene.volume.left, scene.volume.right, scene.volume.top, scene.volume.bottom]).toEqual([volume!.left, volume!.right, volume!.top, volume!.bottom])
    // Each candle where ECharts' mapping puts it, to a hundredth of a pixel.
    const ours = scene.candles.up.concat(scene.candles.down)
    const theirs = candleShapes(candles, candles.length - 1, { x0: mapping.x0, band: mapping.band, price: price! })
    const expected = theirs.up.concat(theirs.down)
    expect(ours).toHaveLength(expected.length)
    ours.forEach((n, i) => expect(n).toBeCloseTo(expected[i]!, 2))
    // The price labels ECharts shows, the same words in the same order.
    expect(scene.ticks.map((t) => t.text)).toEqual(labels)
  })

  it('draws the newest candle and the last price at its place, labelled as the window labels it', () => {
    const candles = walk(500, 43_000, 0.01, 21)
    const scene = cachedFrameScene(candles, 2, 'dark', 1200, 700)!
    const last = candles.at(-1)!
    expect(scene.live.inView).toBe(true)
    expect(scene.live.body).not.toBeNull()
    expect(scene.live.priceLine?.text).toBe(last.close.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
  })

  it('draws nothing without candles, without room, or on prices that never moved', () => {
    expect(cachedFrameScene([], 2, 'dark', 1200, 700)).toBeNull()
    expect(cachedFrameScene(walk(50, 100, 0.01, 1), 2, 'dark', 60, 700)).toBeNull()
    const flat = walk(50, 100, 0, 1).map((c) => ({ ...c, open: 100, close: 100, high: 100, low: 100 }))
    expect(cachedFrameScene(flat, 2, 'dark', 1200, 700)).toBeNull()
  })
})
