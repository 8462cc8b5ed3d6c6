// @vitest-environment happy-dom
// The level lines (open orders, positions' levels, RSI's 30 and 70) are drawn by the chart's own
// code, not as ECharts markLines: each must lie where ECharts' axis puts its value, follow the axis
// when it moves, leave out what lies outside its pane, and come and go without a setOption.
import { describe, expect, it, vi } from 'vitest'
import type { Candle, OrderRecord } from '@domain/wire/wire'
import { candleRun } from '@/stores/test/market-fixtures.test-util'
import { CandleChartPainter, type PaintRequest } from './candle-chart-painter'
import { paletteFor } from './chart-palette'
import { normaliseConfig } from './indicators/specs'
import { T0, drawnOfType, paintRequest, ssrCharts } from './test/ssr-chart.test-util'

const charts = ssrCharts()
const palette = paletteFor('dark')

const order = (id: number, price: string, side = 'BID'): OrderRecord => ({ id, pair: 'BTC_USDT', amount: '0.5', price, side, status: 'OPEN', type: 'LIMIT' })

function withOrders(candles: readonly Candle[], orders: OrderRecord[], configs = paintRequest(candles).configs): PaintRequest {
  const request = paintRequest(candles, configs)
  return { ...request, data: { ...request.data, orders } }
}

interface LineEl {
  shape: { x1: number; x2: number; y1: number; y2: number }
  style: { stroke: string; lineDash: unknown; opacity: number }
}
interface TextEl {
  style: { text: string; x: number; y: number; fill: string }
}

/** The level lines on screen: the lines in one of the levels' colours, dashed or dotted. */
function levelLines(colors: string[]): LineEl[] {
  return drawnOfType<LineEl>(charts.current(), 'line').filter((l) => colors.includes(l.style.stroke) && l.style.lineDash !== undefined && l.style.lineDash !== 'solid')
}
/** The texts shown (zrender draws a text as spans of its own, so they are looked for in the whole tree). */
function shownTexts(): TextEl[] {
  const out: TextEl[] = []
  const storage = (charts.current().getZr() as unknown as { storage: { traverse(cb: (el: { type: string; ignore?: boolean }) => void): void } }).storage
  storage.traverse((el) => {
    if (el.type === 'text' && !el.ignore) out.push(el as unknown as TextEl)
  })
  return out
}
const words = (text: string) => shownTexts().filter((t) => t.style.text === text)
const priceY = (price: number) => (charts.current().convertToPixel({ gridIndex: 0 }, [0, price]) as number[])[1]!

describe('the level lines', () => {
  it("lie at their price on ECharts' own price axis, labelled at their start, and follow the axis when a new candle moves it", () => {
    const chart = charts.make()
    const painter = new CandleChartPainter(chart)
    const candles = candleRun(500, T0)
    // The view's prices are ~43,380 to 43,510: the sell at 42,000 lies below the pane.
    expect(painter.paint(withOrders(candles, [order(1, '43450'), order(2, '42000', 'ASK')]))).toBe('full')
    const [line, ...others] = levelLines([palette.orderBuy, palette.orderSell])
    expect(others).toHaveLength(0)
    expect(line!.style).toMatchObject({ stroke: palette.orderBuy, lineDash: 'dashed' })
    expect(Math.abs(line!.shape.y1 - priceY(43450))).toBeLessThanOrEqual(0.5)
    const [label] = words('BUY 0.5000 @ 43,450.00')
    expect(label!.style.x).toBeLessThan(line!.shape.x1 + 10)
    expect(label!.style.y).toBeLessThan(line!.shape.y1)
    expect(words('SELL 0.5000 @ 42,000.00')).toHaveLength(0)

    // A candle far above the others: the axis grows, and the line moves with it in the same paint.
    const last = candles.at(-1)!
    const higher = [...candles, { ...last, time: last.time + 3600, open: last.close, close: 44500, low: last.close, high: 44600 }]
    const before = priceY(43450)
    expect(painter.paint(withOrders(higher, [order(1, '43450'), order(2, '42000', 'ASK')]))).toBe('update')
    expect(priceY(43450)).not.toBeCloseTo(before, 0)
    expect(Math.abs(levelLines([palette.orderBuy])[0]!.shape.y1 - priceY(43450))).toBeLessThanOrEqual(0.5)
  })

  it('come and go with the orders without a setOption: placed, moved, cancelled', () => {
    const chart = charts.make()
    const painter = new CandleChartPainter(chart)
    const candles = candleRun(500, T0)
    painter.paint(withOrders(candles, [order(1, '43450')]))
    const setOption = vi.spyOn(chart, 'setOption')
    expect(painter.paint(withOrders(candles, [order(1, '43450'), order(3, '43400', 'ASK')]))).toBe('live')
    expect(levelLines([palette.orderBuy, palette.orderSell]).map((l) => l.style.stroke)).toEqual([palette.orderBuy, palette.orderSell])
    expect(words('SELL 0.5000 @ 43,400.00')).toHaveLength(1)
    expect(painter.paint(withOrders(candles, [order(1, '43420')]))).toBe('live')
    expect(levelLines([palette.orderBuy, palette.orderSell])).toHaveLength(1)
    expect(Math.abs(levelLines([palette.orderBuy])[0]!.shape.y1 - priceY(43420))).toBeLessThanOrEqual(0.5)
    expect(words('BUY 0.5000 @ 43,450.00')).toHaveLength(0)
    expect(painter.paint(withOrders(candles, []))).toBe('live')
    expect(levelLines([palette.orderBuy, palette.orderSell])).toHaveLength(0)
    expect(shownTexts().filter((t) => /^(BUY|SELL) /.test(t.style.text))).toHaveLength(0)
    expect(setOption).not.toHaveBeenCalled()
  })

  it("RSI's 30 and 70 are faint dashed lines on its own pane, where its axis reaches them", () => {
    const chart = charts.make()
    const painter = new CandleChartPainter(chart)
    // A price that swings: RSI goes below 30 and above 70 in view.
    const candles = candleRun(500, T0).map((c, i) => {
      const close = 43000 + 400 * Math.sin(i / 6)
      return { ...c, open: close - 20 * Math.cos(i / 6), close, low: close - 30, high: close + 30 }
    })
    const rsi = normaliseConfig('RSI')
    painter.paint(withOrders(candles, [], [rsi]))
    const guides = levelLines([rsi.color])
    expect(guides).toHaveLength(2)
    expect(guides.every((g) => g.style.opacity === 0.35 && g.style.lineDash === 'dashed')).toBe(true)
    const rsiY = (value: number) => (chart.convertToPixel({ gridIndex: 2 }, [0, value]) as number[])[1]!
    expect(guides.map((g) => g.shape.y1 - rsiY(70)).map((d) => Math.abs(d) <= 0.5)).toContain(true)
    expect(guides.map((g) => g.shape.y1 - rsiY(30)).map((d) => Math.abs(d) <= 0.5)).toContain(true)
  })
})
