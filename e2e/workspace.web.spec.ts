// The chart as a workspace, in a real Chromium against the demo exchange: indicators added from the
// menu are drawn (read off the canvas, in their pane) and come back after a reload; the panel
// arrangement comes back after a reload; at 1280×720 the chart, the whole order form, the book (whole
// rows, six levels a side) and the trades are on screen with no panel over another; and the one-key
// shortcuts do what the help says.
import { test, expect, type Page } from '@playwright/test'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'

let host: RunningHost

test.beforeAll(async () => {
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
})

interface CanvasLike {
  width: number
  height: number
  getBoundingClientRect(): { height: number }
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null
}

/** Pixels of a colour on the chart's canvases, counted in a band of rows (fractions of the height). */
async function pixelsOf(page: Page, hex: string, from: number, to: number): Promise<number> {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
  return page
    .getByTestId('chart')
    .locator('canvas')
    .evaluateAll(
      (elements, { rgb, from, to }) => {
        let count = 0
        for (const element of elements) {
          const canvas = element as unknown as CanvasLike
          const y0 = Math.floor(canvas.height * from)
          const y1 = Math.floor(canvas.height * to)
          const { data } = canvas.getContext('2d')!.getImageData(0, y0, canvas.width, y1 - y0)
          for (let i = 0; i < data.length; i += 4) {
            if (data[i + 3]! > 150 && Math.abs(data[i]! - rgb[0]!) < 24 && Math.abs(data[i + 1]! - rgb[1]!) < 24 && Math.abs(data[i + 2]! - rgb[2]!) < 24) count++
          }
        }
        return count
      },
      { rgb, from, to },
    )
}

const RSI_COLOUR = '#e056fd'
const BB_COLOUR = '#b37feb'

test('RSI and Bollinger Bands from the menu are drawn, RSI in a pane of its own, and survive a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 })
  await openApp(page, host)
  const chart = page.getByTestId('chart')
  await expect(chart).toHaveAttribute('data-indicators', '')
  expect(await pixelsOf(page, RSI_COLOUR, 0, 1)).toBe(0)

  await page.getByTestId('indicator-menu').click()
  await page.getByTestId('indicator-option-RSI').click()
  await page.getByTestId('indicator-option-BB').click()
  await expect(chart).toHaveAttribute('data-indicators', 'RSI,BB')
  await expect(page.getByTestId('indicator-legend')).toContainText('RSI 14')
  await expect(page.getByTestId('indicator-legend')).toContainText('BB 20 2')
  // The legend's RSI value is a number between 0 and 100.
  const rsiText = await page.getByTestId('indicator-legend').locator('span', { hasText: 'RSI 14' }).locator('b').textContent()
  expect(Number(rsiText)).toBeGreaterThanOrEqual(0)
  expect(Number(rsiText)).toBeLessThanOrEqual(100)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('indicator-panel')).toBeHidden()

  // RSI's line lies in the lowest part of the chart (its sub-pane), the bands over the candles.
  await expect.poll(() => pixelsOf(page, RSI_COLOUR, 0.7, 1)).toBeGreaterThan(100)
  expect(await pixelsOf(page, RSI_COLOUR, 0, 0.55)).toBeLessThan(20)
  await expect.poll(() => pixelsOf(page, BB_COLOUR, 0.05, 0.65)).toBeGreaterThan(100)
  await shot(page, 'workspace-indicators-dark')

  await page.getByTestId('theme-toggle').click()
  await expect(chart).toHaveClass(/light/)
  await expect.poll(() => pixelsOf(page, RSI_COLOUR, 0.7, 1)).toBeGreaterThan(100)
  await shot(page, 'workspace-indicators-light')
  await page.getByTestId('theme-toggle').click()
  await expect(chart).toHaveClass(/dark/)

  await page.reload()
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(chart).toHaveAttribute('data-indicators', 'RSI,BB')
  await expect.poll(() => pixelsOf(page, RSI_COLOUR, 0.7, 1)).toBeGreaterThan(100)

  // Another interval has its own (empty) set; coming back brings these again.
  await page.getByTestId('interval-60').click()
  await expect(chart).toHaveAttribute('data-indicators', '')
  await page.getByTestId('interval-15').click()
  await expect(chart).toHaveAttribute('data-indicators', 'RSI,BB')

  // A parameter out of bounds is refused with the bounds; nothing is saved.
  await page.getByTestId('indicator-menu').click()
  await page.getByTestId('indicator-param-0-period').fill('0')
  await page.getByTestId('indicator-param-0-period').press('Tab')
  await expect(page.getByTestId('indicator-row-0')).toContainText('Period: a whole number from 1 to 200')
  await page.getByTestId('indicator-remove-1').click()
  await page.getByTestId('indicator-remove-0').click()
  await expect(chart).toHaveAttribute('data-indicators', '')
})

interface Box {
  name: string
  x: number
  y: number
  width: number
  height: number
}

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1

async function boxOf(page: Page, testId: string): Promise<Box> {
  const box = await (testId.startsWith('.') ? page.locator(testId) : page.getByTestId(testId)).boundingBox()
  expect(box, `${testId} is on screen`).not.toBeNull()
  return { name: testId, ...box! }
}

/**
 * The order book panel as the trader sees it, read in one task of the page (the book streams): the
 * levels each side, the rows not wholly inside both their list and the panel, and whether the spread
 * row is wholly inside the panel.
 */
function bookFit(page: Page): Promise<{ asks: number; bids: number; cut: string[]; spreadInside: boolean }> {
  return page.evaluate(() => {
    interface El { getBoundingClientRect(): { top: number; bottom: number; height: number }; parentElement: El | null; getAttribute(n: string): string | null }
    const doc = (globalThis as unknown as { document: { querySelector(s: string): El | null; querySelectorAll(s: string): ArrayLike<El> } }).document
    const panel = doc.querySelector('[data-testid="book-region"]')!.getBoundingClientRect()
    const inside = (r: { top: number; bottom: number }, box: { top: number; bottom: number }) => r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5
    const cut: string[] = []
    const count = (side: string) => {
      const rows = Array.from(doc.querySelectorAll(`[data-testid="order-book-${side}"] li[data-price]`))
      for (const row of rows) {
        const r = row.getBoundingClientRect()
        if (r.height < 1 || !inside(r, panel) || !inside(r, row.parentElement!.getBoundingClientRect())) cut.push(`${side} ${row.getAttribute('data-price')} ${r.top}–${r.bottom}`)
      }
      return rows.length
    }
    const spread = doc.querySelector('[data-testid="order-book-spread"]')!.parentElement!.getBoundingClientRect()
    return { asks: count('asks'), bids: count('bids'), cut, spreadInside: inside(spread, panel) }
  })
}

/** Trade rows wholly inside the trades list's viewport. */
function wholeTradeRows(page: Page): Promise<number> {
  return page.getByTestId('trades-table').locator('[data-testid^="trade-"]').evaluateAll((rows) => {
    return rows.filter((row) => {
      const r = row.getBoundingClientRect()
      const view = row.closest('[role="table"]')!.getBoundingClientRect()
      return r.top >= view.top - 0.5 && r.bottom <= view.bottom + 0.5
    }).length
  })
}

test('at 1280×720 the chart, the whole order form with its submit button and the trades are on screen, and no panel covers another', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openApp(page, host)
  const viewport = { x: 0, y: 0, width: 1280, height: 720 }
  const submit = await boxOf(page, 'order-submit')
  const inView = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width + 0.5 && b.y + b.height <= viewport.height + 0.5
  expect(inView(submit), `submit button ${JSON.stringify(submit)} within the window`).toBe(true)
  // Not scrolled into view: the form region shows it as it stands.
  expect(await page.locator('.order-region').evaluate((el) => el.scrollTop)).toBe(0)
  expect(await page.getByTestId('order-submit').evaluate((el) => {
    const r = el.getBoundingClientRect()
    const region = el.closest('.order-region')!.getBoundingClientRect()
    return r.bottom <= region.bottom + 0.5
  })).toBe(true)
  await expect(page.getByTestId('order-submit')).toBeInViewport({ ratio: 1 })

  const chart = await boxOf(page, 'chart')
  const trades = await boxOf(page, '.trades-region')
  const form = await boxOf(page, 'order-form')
  const book = await boxOf(page, 'book-region')
  const pairs = await boxOf(page, 'pair-list')
  const bottom = await boxOf(page, 'bottom-region')
  // The tabs themselves: on a short screen the trades share the bottom region with them.
  const tabs = await boxOf(page, '.bottom-tabs')
  for (const box of [chart, trades, form, book, pairs, bottom]) expect(inView(box), `${box.name} ${JSON.stringify(box)} within the window`).toBe(true)
  // The chart keeps a useful size, and the trades show more than their header.
  expect(chart.width).toBeGreaterThan(500)
  expect(chart.height).toBeGreaterThan(250)
  expect(trades.height).toBeGreaterThan(120)
  const panels = [chart, trades, form, book, pairs, tabs]
  for (let i = 0; i < panels.length; i++) for (let j = i + 1; j < panels.length; j++) expect(overlap(panels[i]!, panels[j]!), `${panels[i]!.name} and ${panels[j]!.name} overlap`).toBe(false)
  for (const other of [chart, trades, book]) expect(overlap(submit, other), `the submit button and ${other.name} overlap`).toBe(false)
  // The book shows whole rows only, six levels a side at this size (five at the least anywhere).
  const fit = await bookFit(page)
  expect(fit.cut, `book rows cut by the panel's edge: ${JSON.stringify(fit.cut)}`).toEqual([])
  expect(fit.asks).toBeGreaterThanOrEqual(6)
  expect(fit.bids).toBeGreaterThanOrEqual(6)
  expect(fit.spreadInside, 'the spread row is wholly inside the book panel').toBe(true)
  // A trades list worth reading: at least six whole rows in view.
  expect(await wholeTradeRows(page)).toBeGreaterThanOrEqual(6)
  // The balances beside it still show what can be spent without a sideways scroll.
  const available = page.getByTestId('balances-table').locator('th', { hasText: 'Available' })
  const availableBox = (await available.boundingBox())!
  expect(availableBox.x + availableBox.width, 'the Available column within the tabs').toBeLessThanOrEqual(tabs.x + tabs.width + 0.5)
  // Nothing painted over the submit button: the element at its centre is the button.
  const centre = { x: submit.x + submit.width / 2, y: submit.y + submit.height / 2 }
  expect(await page.getByTestId('order-submit').evaluate((el, { x, y }) => {
    const doc = el.ownerDocument as unknown as { elementFromPoint(x: number, y: number): unknown }
    const hit = doc.elementFromPoint(x, y) as typeof el | null
    return hit === el || (hit !== null && el.contains(hit))
  }, centre)).toBe(true)
  await shot(page, 'workspace-1280x720')
})

test('at common window sizes the book shows only whole rows, five levels a side or more, and follows a resize', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  await openApp(page, host)
  // 'fits', or what the panel showed instead (the last reading is in the failure message).
  const fits = (size: string, least: number) => async () => {
    const fit = await bookFit(page)
    return fit.cut.length === 0 && fit.spreadInside && fit.asks >= least && fit.bids >= least ? 'fits' : `${size}: ${JSON.stringify(fit)}`
  }
  for (const [width, height] of [[1920, 1080], [1600, 900], [1366, 768], [1280, 720]] as const) {
    await page.setViewportSize({ width, height })
    // Tall enough, the trades stay under the book; shorter, they move under the chart.
    await expect(page.getByTestId(height > 920 ? 'side-region' : 'bottom-region').getByTestId('trades-table')).toBeVisible()
    await expect.poll(fits(`${width}×${height}`, 5)).toBe('fits')
  }
  // Short screen with the tabs collapsed: the trades come back to the side column (not gone with
  // the tabs), and the book, smaller now, still shows whole rows.
  await page.getByTestId('toggle-bottom').click()
  await expect(page.getByTestId('side-region').getByTestId('trades-table')).toBeVisible()
  await expect.poll(fits('1280×720, tabs collapsed', 2)).toBe('fits')
  await shot(page, 'book-1280x720-tabs-collapsed')
  await page.getByTestId('toggle-bottom').click()
  await expect(page.getByTestId('bottom-region').getByTestId('trades-table')).toBeVisible()
})

test('a collapsed bottom panel, a collapsed side column and a resized split come back after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 })
  await openApp(page, host)
  const before = await boxOf(page, 'chart')

  // Drag the handle between the chart area and the side column 120 px to the left.
  const side = await boxOf(page, 'side-region')
  await page.mouse.move(side.x - 2, side.y + 200)
  await page.mouse.down()
  await page.mouse.move(side.x - 60, side.y + 200, { steps: 4 })
  await page.mouse.move(side.x - 122, side.y + 200, { steps: 4 })
  await page.mouse.up()
  const widened = await boxOf(page, 'side-region')
  expect(widened.width).toBeGreaterThan(side.width + 100)

  // The tabs' button, from the keyboard: focus it and press Enter.
  await page.getByTestId('toggle-bottom').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('tab-balances')).toBeHidden()
  const grown = await boxOf(page, 'chart')
  expect(grown.height).toBeGreaterThan(before.height + 150)
  await expect.poll(async () => (await callPrefs()).layout.bottomCollapsed).toBe(true)

  await page.reload()
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('tab-balances')).toBeHidden()
  const after = await boxOf(page, 'side-region')
  expect(Math.abs(after.width - widened.width)).toBeLessThan(6)
  expect((await boxOf(page, 'chart')).height).toBeGreaterThan(before.height + 150)

  // The side column hides and shows with its button; hidden, the chart and the pair list share
  // its room (the pair list keeps its percentage).
  const narrow = await boxOf(page, 'chart')
  await page.getByTestId('toggle-side').click()
  await expect(page.getByTestId('side-region')).toBeHidden()
  await expect.poll(async () => (await boxOf(page, 'chart')).width).toBeGreaterThan(narrow.width + widened.width * 0.6)
  await page.reload()
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('side-region')).toBeHidden()
  await shot(page, 'workspace-collapsed')
  await page.getByTestId('toggle-side').click()
  await page.getByTestId('toggle-bottom').click()
  await expect(page.getByTestId('side-region')).toBeVisible()
  await expect(page.getByTestId('tab-balances')).toBeVisible()
})

test('the keyboard: ? lists the shortcuts, Esc closes the list, 2 picks 5m, S the sell side with the cursor in the amount', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 })
  await openApp(page, host)
  await page.getByTestId('order-side-BUY').click()
  await page.locator('body').click({ position: { x: 5, y: 5 } })

  await page.keyboard.press('?')
  await expect(page.getByTestId('shortcuts-help')).toBeVisible()
  await expect(page.getByTestId('shortcuts-help')).toContainText('Candle interval')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('shortcuts-help')).toBeHidden()

  await page.keyboard.press('2')
  await expect(page.getByTestId('interval-5')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('chart-readout')).toBeVisible()

  await page.keyboard.press('s')
  await expect(page.getByTestId('order-side-SELL')).toHaveClass(/active/)
  const amount = page.locator('[data-testid="order-form"] input[data-testid$="-amount"]').first()
  await expect(amount).toBeFocused()
  // Typed into the amount field, letters and digits stay text: no side or interval change.
  await page.keyboard.type('0.5b1')
  await expect(page.getByTestId('order-side-SELL')).toHaveClass(/active/)
  await expect(page.getByTestId('interval-5')).toHaveAttribute('aria-pressed', 'true')

  // B from outside a field; a held key acts once (its repeats are ignored).
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.down('b')
  await expect(page.getByTestId('order-side-BUY')).toHaveClass(/active/)
  await page.keyboard.up('b')
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.down('3')
  await expect(page.getByTestId('interval-15')).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('interval-60').click()
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  // The 3 is still held: its auto-repeat must not switch back to 15m.
  await page.keyboard.down('3')
  await page.locator('body').dispatchEvent('keydown', { key: '3', code: 'Digit3', repeat: true, bubbles: true })
  await expect(page.getByTestId('interval-60')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.up('3')
})

function callPrefs(): Promise<{ layout: { bottomCollapsed: boolean; side: number } }> {
  return callApi(host, 'prefs.get')
}
