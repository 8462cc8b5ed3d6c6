// The live candle as drawn is the live candle as known: while the demo's market trades, the newest
// candle's wick and body are found on the chart's canvases and read back into prices through the
// chart's own price mapping (two open orders' handles stand at known prices), and must match the
// readout's O, H, L, C, which come straight from the store. Ticks draw the live candle outside
// ECharts (live-overlay.ts), so this is what catches a live candle drawn wrong or left stale.
import { test, expect, type Page } from '@playwright/test'
import type { PlaceOrderResult } from '../electron/domain/api/api'
import type { Pair, Ticker } from '../electron/domain/wire/wire'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { openApp, parseShown, shot } from './helpers'

const PAIR = 'BTC_USDT'
let host: RunningHost

test.beforeAll(async () => {
  host = await startWebHost()
})
test.afterAll(async () => {
  await callApi(host, 'orders.cancel', { pair: PAIR }).catch(() => undefined)
  await host?.stop()
})

async function restingOrder(side: 'BUY' | 'SELL', factor: number): Promise<number> {
  const pair = (await callApi<Pair[]>(host, 'market.pairs')).find((p) => p.name === PAIR)!
  const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: PAIR })
  const price = (Number(side === 'BUY' ? ticker!.buy : ticker!.sell) * factor).toFixed(pair.price_precision)
  const placed = await callApi<PlaceOrderResult>(host, 'orders.place', {
    pair: PAIR,
    order_type: 'LIMIT',
    order_side: side,
    wallet_type: 'SPOT',
    base_amount: pair.minimum_order_size,
    limit_price: price,
  })
  expect(placed.outcome).toBe('placed')
  return placed.orderIds[0]!
}

// The node-side type check has no DOM library: the few browser shapes used in the page function.
interface CanvasLike {
  width: number
  height: number
  clientWidth: number
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null
}
interface ChartLike {
  querySelectorAll(selector: string): ArrayLike<{ style: { top: string }; dataset: Record<string, string | undefined>; textContent: string | null }>
  getAttribute(name: string): string | null
}

interface Reading {
  handles: { y: number; price: number }[]
  readout: string[]
  /** Rows (CSS px) the newest candle's wick and body cover on the canvases, or null if not found. */
  wick: [number, number] | null
  body: [number, number] | null
  paint: string | null
}

/** One consistent reading, in one task: the order handles, the readout and the canvases' pixels. */
function read(page: Page): Promise<Reading> {
  return page.getByTestId('chart').evaluate((element) => {
    const chart = element as unknown as ChartLike
    const handles = Array.from(chart.querySelectorAll('[data-testid^="order-line-"][data-price]')).map((h) => ({ y: Number.parseFloat(h.style.top), price: Number(h.dataset.price) }))
    const readout = Array.from(chart.querySelectorAll('[data-testid="chart-readout"] span > b')).map((b) => b.textContent ?? '')
    const canvases = Array.from(chart.querySelectorAll('canvas') as unknown as ArrayLike<CanvasLike>).filter((c) => c.width > 0)
    const first = canvases[0]!
    const dpr = first.width / first.clientWidth
    const images = canvases.map((c) => c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data)
    const W = first.width
    // The candle pane without sub-panes: 30 px from the top, 118 px from the bottom, 72 px of price axis on the right.
    const top = Math.ceil(30 * dpr)
    const bottom = Math.floor(first.height - 118 * dpr)
    const right = Math.floor(W - 72 * dpr) - 1
    const candle = (x: number, y: number) =>
      images.some((d) => {
        const i = (y * W + x) * 4
        if (d[i + 3]! < 200) return false
        const near = (r: number, g: number, b: number) => Math.abs(d[i]! - r) < 24 && Math.abs(d[i + 1]! - g) < 24 && Math.abs(d[i + 2]! - b) < 24
        return near(0x26, 0xa6, 0x9a) || near(0xef, 0x53, 0x50)
      })
    // Rows a horizontal line crosses (the last price) are left out: a candle is a narrow column.
    const lineRows = new Set<number>()
    for (let y = top; y < bottom; y++) {
      let n = 0
      for (let x = 0; x < right; x += 4) if (candle(x, y)) n++
      if (n > right / 4 / 5) lineRows.add(y)
    }
    const rows = (x: number) => {
      const out: number[] = []
      for (let y = top; y < bottom; y++) if (!lineRows.has(y) && candle(x, y)) out.push(y)
      return out
    }
    let xr = right
    while (xr > 0 && rows(xr).length < 2) xr--
    let xl = xr
    while (xl > 0 && rows(xl - 1).length > 0) xl--
    const span = (x: number): [number, number] | null => {
      const r = rows(x)
      return r.length ? [r[0]! / dpr, (r[r.length - 1]! + 1) / dpr] : null
    }
    // The wick is the candle's tallest column: on a half pixel as ECharts places it, not always the middle one.
    let wickX = xl
    for (let x = xl; x <= xr; x++) if (rows(x).length > rows(wickX).length) wickX = x
    return { handles, readout, wick: span(wickX), body: span(xl), paint: chart.getAttribute('data-paint') }
  })
}

test('the newest candle is drawn at the open, high, low and close the readout shows, tick after tick', async ({ page }) => {
  await openApp(page, host)
  // 0.3 % either side of the last price: far enough that no taker fills them during the test.
  const ids = [await restingOrder('BUY', 0.997), await restingOrder('SELL', 1.003)]
  for (const id of ids) await expect(page.getByTestId(`order-line-${id}`)).toBeVisible({ timeout: 10_000 })
  // Ticks reach the chart as live paints (the overlay alone), not only as whole redraws.
  await expect(page.getByTestId('chart')).toHaveAttribute('data-paint', 'live', { timeout: 20_000 })

  for (let sample = 0; sample < 3; sample++) {
    const r = await read(page)
    expect(r.handles).toHaveLength(2)
    const [a, b] = r.handles as [{ y: number; price: number }, { y: number; price: number }]
    const perPx = (a.price - b.price) / (a.y - b.y)
    const priceAt = (y: number) => a.price + (y - a.y) * perPx
    const [open, high, low, close] = r.readout.slice(0, 4).map(parseShown) as [number, number, number, number]
    // Two pixels of slack: edges are rounded to whole pixels, and a stroke is a pixel wide.
    const slack = Math.abs(perPx) * 2
    expect(r.wick, 'the newest candle found on the canvas').not.toBeNull()
    expect(r.body).not.toBeNull()
    const [wickTop, wickBottom] = r.wick!
    const [bodyTop, bodyBottom] = r.body!
    expect(Math.abs(priceAt(wickTop) - high), `high: drawn ${priceAt(wickTop)}, known ${high}`).toBeLessThanOrEqual(slack)
    expect(Math.abs(priceAt(wickBottom) - low), `low: drawn ${priceAt(wickBottom)}, known ${low}`).toBeLessThanOrEqual(slack)
    // A doji's body (open and close within two pixels) lies under the last-price line, whose rows the
    // scan leaves out: there is no body to tell apart then, only the wick, checked above.
    if (Math.abs(open - close) > slack) {
      expect(Math.abs(priceAt(bodyTop) - Math.max(open, close)), `body top: drawn ${priceAt(bodyTop)}`).toBeLessThanOrEqual(slack)
      expect(Math.abs(priceAt(bodyBottom) - Math.min(open, close)), `body bottom: drawn ${priceAt(bodyBottom)}`).toBeLessThanOrEqual(slack)
    }
    await page.waitForTimeout(1500)
  }
  await shot(page, 'chart-live-candle')
})
