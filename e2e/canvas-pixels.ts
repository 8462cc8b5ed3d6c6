// Pixels of a chart's canvas in the candles' colours: how the e2e tests see that candles are drawn,
// and where, without a screenshot comparison.
import type { Locator, Page } from '@playwright/test'

// The node-side type check has no DOM library: the canvas's shape as used in the page function.
interface CanvasLike {
  width: number
  height: number
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null
}

/** A band of px left out along each edge of the canvas. */
export interface Margins {
  left: number
  top: number
  right: number
  bottom: number
}

/** Pixels of `canvas` (inside `margins`) in the up green (#26a69a) and the down red (#ef5350). */
export async function candleColoursOn(canvas: Locator, margins: Margins = { left: 0, top: 0, right: 0, bottom: 0 }): Promise<{ up: number; down: number }> {
  return canvas.evaluate((element, m) => {
    const c = element as unknown as CanvasLike
    const ctx = c.getContext('2d')
    const width = c.width - m.left - m.right
    const height = c.height - m.top - m.bottom
    if (!ctx || width <= 0 || height <= 0) return { up: 0, down: 0 }
    const { data } = ctx.getImageData(m.left, m.top, width, height)
    const near = (i: number, r: number, g: number, b: number) => Math.abs(data[i]! - r) < 16 && Math.abs(data[i + 1]! - g) < 16 && Math.abs(data[i + 2]! - b) < 16
    let up = 0
    let down = 0
    for (let i = 0; i < data.length; i += 4) {
      if (near(i, 0x26, 0xa6, 0x9a)) up++
      else if (near(i, 0xef, 0x53, 0x50)) down++
    }
    return { up, down }
  }, margins)
}

/** Pixels of the chart's canvas (or the first chart's, `first-chart`) in the candles' colours. */
export async function countCandleColours(page: Page, testId: 'chart' | 'first-chart' = 'chart'): Promise<{ up: number; down: number }> {
  return candleColoursOn(page.getByTestId(testId).locator('canvas').first())
}
