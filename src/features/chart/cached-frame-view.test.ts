// @vitest-environment happy-dom
// The cached chart's first frame, drawn by the page's entry before ECharts has loaded: the remembered
// chart where the window's chart will be, named and marked stale, its price labels and last price
// drawn; nothing where the first chart would draw nothing; taken once by the first chart of its series.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CachedStart } from '@domain/api/api'
import { BTC_USDT, PREFS, candleRun } from '@/stores/test/market-fixtures.test-util'
import { cachedFrameScene } from './cached-frame'
import { drawCachedFrame, dropCachedFrame, takeCachedFrame } from './cached-frame-view'
import { fakeCanvas } from './test/fake-canvas.test-util'

const T0 = 1_700_000_000 - (1_700_000_000 % 3600)
// Saved at 14:02 local time: the mark names when.
const CACHED: CachedStart = {
  profileId: 'p1',
  snapshot: { pair: 'BTC_USDT', interval: '60', candles: candleRun(200, T0), trades: [], ticker: null, stale: true, fetchedAt: new Date(2026, 0, 5, 14, 2).getTime() },
  pairs: [BTC_USDT],
  prefs: PREFS,
}

const box = () => document.querySelector('[data-testid="first-chart"]')
const mark = () => document.querySelector('[data-testid="first-chart-stale"]')
let canvas: ReturnType<typeof fakeCanvas>

beforeEach(() => {
  canvas = fakeCanvas(1200, 700)
})
afterEach(() => {
  dropCachedFrame()
  canvas.restore()
  document.body.replaceChildren()
})

describe('the cached first frame', () => {
  it('draws the remembered chart at once: named, marked stale with the time it was saved, its prices labelled', () => {
    expect(drawCachedFrame(CACHED)).toBe(true)
    expect(box()?.getAttribute('role')).toBe('img')
    expect(box()?.getAttribute('aria-label')).toBe('BTC/USDT candles, 1h')
    expect(mark()?.textContent).toBe('stale — cached data from 14:02, updating…')
    expect(mark()?.getAttribute('role')).toBe('status')
    const drawnOn = box()!.querySelector('canvas')!
    expect([drawnOn.width, drawnOn.height]).toEqual([1200, 700])
    // The price axis's labels and the last price, as the scene (held to ECharts' layout) has them.
    const scene = cachedFrameScene(CACHED.snapshot.candles, 2, 'dark', 1200, 700)!
    const texts = canvas.drawn.texts.map((t) => t.text)
    expect(texts).toEqual([...scene.ticks.map((t) => t.text), scene.live.priceLine!.text])
    // The candles and the volume bars: one rectangle each for the 119 settled in view, and the live one.
    expect(canvas.drawn.rects).toBe(2 * 120)
  })

  it('draws nothing where the first chart would not draw it', () => {
    const other = { ...CACHED.prefs, indicators: { 'BTC_USDT|60': [{ id: 'SMA' as const, params: { period: 5 }, color: '#ffffff' }] } }
    for (const cached of [
      null,
      { ...CACHED, chartOut: true },
      { ...CACHED, pairs: [] },
      { ...CACHED, snapshot: { ...CACHED.snapshot, candles: [] } },
      { ...CACHED, prefs: other },
      // An answer of the wrong shape is not drawn, and throws nothing.
      { snapshot: {} } as unknown as CachedStart,
    ]) {
      expect(drawCachedFrame(cached)).toBe(false)
      expect(box()).toBeNull()
    }
  })

  it('is taken once by the first chart of its series; another series removes it', () => {
    drawCachedFrame(CACHED)
    const taken = takeCachedFrame('BTC_USDT|60')
    expect(taken?.chartBox).toBe(box())
    expect(takeCachedFrame('BTC_USDT|60')).toBeNull()
    taken!.frame.remove()
    drawCachedFrame(CACHED)
    expect(takeCachedFrame('ETH_USDT|60')).toBeNull()
    expect(box()).toBeNull()
  })
})
