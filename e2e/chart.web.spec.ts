// The candle chart's two panes read as one: zoomed far out with the wheel, the crosshair line over
// the candles and the one over the volume bars stand at the same x, and the crosshair leaves with
// the mouse. Read off the chart's canvases, as the trader sees them.
import { test, expect, type Page } from '@playwright/test'
import { startWebHost, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'

let host: RunningHost

test.beforeAll(async () => {
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
})

// The node-side type check has no DOM library: the few browser shapes used in page functions.
interface CanvasLike {
  width: number
  height: number
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null
}

/** A vertical crosshair line: its column on the canvas and the row spans it covers (one per pane). */
interface PointerLine {
  x: number
  spans: [number, number][]
}

/**
 * The crosshair's vertical lines, found by their colour (the dark theme's pointer grey, #6b7080) on
 * every canvas layer of the chart. Rows the horizontal line crosses are left out, and so are the few
 * grey pixels of label glyphs: a line is a column with at least 20 such pixels.
 */
async function pointerLines(page: Page): Promise<PointerLine[]> {
  return page
    .getByTestId('chart')
    .locator('canvas')
    .evaluateAll((elements) => {
      const hits = new Map<number, Set<number>>() // row -> columns
      for (const element of elements) {
        const canvas = element as unknown as CanvasLike
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3]! < 200) continue
          if (Math.abs(data[i]! - 0x6b) > 4 || Math.abs(data[i + 1]! - 0x70) > 4 || Math.abs(data[i + 2]! - 0x80) > 4) continue
          const pixel = i / 4
          const row = Math.floor(pixel / canvas.width)
          if (!hits.has(row)) hits.set(row, new Set())
          hits.get(row)!.add(pixel % canvas.width)
        }
      }
      const rowsByColumn = new Map<number, number[]>()
      for (const [row, columns] of hits) {
        if (columns.size > 40) continue // the horizontal line
        for (const x of columns) rowsByColumn.set(x, [...(rowsByColumn.get(x) ?? []), row])
      }
      const lines: { x: number; spans: [number, number][] }[] = []
      for (const [x, rows] of rowsByColumn) {
        if (rows.length < 20) continue
        rows.sort((a, b) => a - b)
        // Dashes leave gaps of a few pixels; the space between the two panes is far wider.
        const spans: [number, number][] = []
        for (const row of rows) {
          const last = spans[spans.length - 1]
          if (last && row - last[1] <= 12) last[1] = row
          else spans.push([row, row])
        }
        lines.push({ x, spans })
      }
      return lines.sort((a, b) => a.x - b.x)
    })
}

test('zoomed far out, the crosshair lines of both panes share one x and leave with the mouse', async ({ page }) => {
  await openApp(page, host)
  const canvas = page.getByTestId('chart').locator('canvas').first()
  const box = (await canvas.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3)
  // Zoom out step by step, as a wheel does; the chart pages in older candles on the way.
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(40)
  }
  await expect(page.getByText('loading older…')).toHaveCount(0)

  for (const share of [0.1, 0.5, 0.9]) {
    const x = box.width * share
    await page.mouse.move(box.x + x, box.y + box.height / 3)
    // Wait for the crosshair to reach the mouse, then expect one column holding two spans: the candle
    // pane's line above and the volume pane's line below. Lines at two x would be two columns.
    await expect.poll(async () => (await pointerLines(page)).filter((line) => Math.abs(line.x - x) <= box.width / 50 + 2).length, { message: `a crosshair line near x ${x}` }).toBeGreaterThan(0)
    const lines = await pointerLines(page)
    expect(lines, `crosshair at ${share} of the width`).toHaveLength(1)
    expect(lines[0]!.spans).toHaveLength(2)
    expect(lines[0]!.spans[1]![0], 'the second span lies in the volume pane').toBeGreaterThan(box.height * 0.6)
  }
  await shot(page, 'chart-zoomed-out-crosshair')

  // Out of the chart, upwards past the readout: no crosshair line is left behind.
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 3)
  await page.mouse.move(box.x + box.width * 0.6, box.y - 60)
  await expect.poll(async () => (await pointerLines(page)).length, { message: 'crosshair lines after the mouse left' }).toBe(0)
  await shot(page, 'chart-zoomed-out-after-leave')
})
