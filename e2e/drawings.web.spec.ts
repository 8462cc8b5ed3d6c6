// Drawings on the chart, against a demo exchange that holds still (its price moved only by the admin
// endpoint): a horizontal line drawn by mouse shows in the Drawings list, its price is set there by
// keyboard (exact, and kept by the core), an alert on it fires when the demo's price crosses it; the
// other tools drawn from the keyboard, a picture of them, and axe-core on the drawing toolbar and the
// Drawings list in both themes.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import Decimal from 'decimal.js'
import { startWebHost, callApi, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { drivePrice, onlyProfileOn, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

let host: RunningHost
let demo: AdminDemo
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  demo = await startAdminDemo(47, { still: true })
  host = await startWebHost()
  await onlyProfileOn(host, demo, 'Still')
})
test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
})

interface Listed {
  drawings: { id: string; kind: string; points: { time: number; price: string }[] }[]
}

const list = (page: Page) => page.getByTestId('drawings-list')
const rows = (page: Page) => list(page).locator('li[data-testid^="drawing-"]')

test('a horizontal line drawn by mouse, priced by keyboard, alerts when the price crosses it', async ({ page }) => {
  await openApp(page, host)
  const [ticker] = await callApi<{ last: string }[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
  const last = new Decimal(ticker!.last)

  // By mouse: the tool, then a click in the middle of the candles.
  await page.getByTestId('draw-hline').click()
  await expect(page.getByTestId('draw-hline')).toHaveAttribute('aria-pressed', 'true')
  const plot = page.getByTestId('chart').locator('.host')
  const box = (await plot.boundingBox())!
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.45)
  await expect(page.getByTestId('draw-hline')).toHaveAttribute('aria-pressed', 'false')

  await page.getByTestId('drawings-toggle').click()
  await expect(rows(page)).toHaveCount(1)
  const row = rows(page).first()
  await expect(row).toHaveAttribute('data-kind', 'hline')
  const id = ((await row.getAttribute('data-testid')) ?? '').replace(/^drawing-/, '')
  const saved = await callApi<Listed>(host, 'drawings.list', { pair: 'BTC_USDT' })
  expect(saved.drawings.map((d) => [d.id, d.kind])).toEqual([[id, 'hline']])
  // Where it was clicked: a price of the pair's two decimals, within the chart's range of prices.
  expect(saved.drawings[0]!.points[0]!.price).toMatch(/^\d+(\.\d{1,2})?$/)

  // By keyboard: its price typed exactly, kept by the core.
  const level = last.plus('25.37')
  const price = page.getByTestId(`drawing-${id}-p0-price`)
  await price.focus()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(level.toFixed())
  await page.keyboard.press('Enter')
  await expect(page.getByTestId(`drawing-${id}-select`)).toHaveText(`Horizontal line at ${level.toFixed()}`)
  await expect.poll(async () => (await callApi<Listed>(host, 'drawings.list', { pair: 'BTC_USDT' })).drawings[0]!.points[0]!.price).toBe(level.toFixed())
  // A price the pair cannot quote is refused in words, and the line stays where it was.
  await price.fill(level.plus('0.001').toFixed())
  await price.press('Enter')
  await expect(page.getByTestId(`drawing-${id}-problem`)).toHaveText('The price has more than 2 decimals, which this pair does not quote')
  expect((await callApi<Listed>(host, 'drawings.list', { pair: 'BTC_USDT' })).drawings[0]!.points[0]!.price).toBe(level.toFixed())
  // Another window draws meanwhile: the list shows its line, and what was typed here stays as typed.
  const other = { id: 'd0e2e0ther0line', pair: 'BTC_USDT', color: '#22c55e', kind: 'hline', points: [{ time: saved.drawings[0]!.points[0]!.time, price: last.minus(50).toFixed() }] }
  await callApi(host, 'drawings.save', other)
  await expect(rows(page)).toHaveCount(2)
  await expect(price).toHaveValue(level.plus('0.001').toFixed())
  await callApi(host, 'drawings.delete', { id: other.id })
  await expect(rows(page)).toHaveCount(1)
  await expect(price).toHaveValue(level.plus('0.001').toFixed())
  await price.fill(level.toFixed())
  await price.press('Enter')

  // The alert, kept by the core; the demo's price driven through the line fires it.
  await page.getByTestId(`drawing-${id}-alert`).click()
  await expect(page.getByTestId(`drawing-${id}-alert`)).toHaveText('Alert armed')
  const alerts = await callApi<{ kind: string; drawingId?: string; status: string }[]>(host, 'alerts.list')
  expect(alerts.filter((a) => a.status === 'active').map((a) => [a.kind, a.drawingId])).toEqual([['line', id]])
  await drivePrice(demo, 'BTC_USDT', level.plus(40))
  const fired = page.getByTestId('alert-fired')
  await expect(fired).toBeVisible({ timeout: 20_000 })
  await expect(fired).toContainText(`BTC/USDT crossed its line at ${Number(level).toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
  // The Alerts tab names the line it followed and where it stood.
  const fromCore = (await callApi<{ id: string; drawingId?: string }[]>(host, 'alerts.list')).find((a) => a.drawingId === id)!
  await page.getByTestId('tab-alerts').click()
  const listed = page.getByTestId(`alert-row-${fromCore.id}`)
  await expect(listed).toHaveAttribute('data-status', 'fired')
  await expect(listed).toContainText(`crosses horizontal line at ${Number(level).toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
})

test('by mouse: a trend line in two clicks, dragged, Alt-dragged into a copy, the copy deleted with the Delete key, a point dragged', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('drawings-toggle').click()
  const before = await rows(page).count()
  const box = (await page.getByTestId('chart').locator('.host').boundingBox())!
  const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy })
  const stored = async () => (await callApi<Listed>(host, 'drawings.list', { pair: 'BTC_USDT' })).drawings

  await page.getByTestId('draw-trendline').click()
  const a = at(0.3, 0.6)
  const b = at(0.6, 0.3)
  await page.mouse.click(a.x, a.y)
  await expect(page.getByTestId('drawing-pending')).toBeVisible()
  await page.mouse.click(b.x, b.y)
  await expect(rows(page)).toHaveCount(before + 1)
  await expect(rows(page).last()).toHaveAttribute('data-kind', 'trendline')
  const drawn = (await stored()).at(-1)!
  expect(drawn.points[0]!.time).toBeLessThan(drawn.points[1]!.time)
  expect(Number(drawn.points[0]!.price)).toBeLessThan(Number(drawn.points[1]!.price))

  // Dragged down by its middle: both points lower, the same times (the chart did not pan).
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
  await page.mouse.move(mid.x, mid.y)
  await page.mouse.down()
  await page.mouse.move(mid.x, mid.y + 60, { steps: 6 })
  await page.mouse.up()
  await expect.poll(async () => Number((await stored()).find((d) => d.id === drawn.id)!.points[0]!.price)).toBeLessThan(Number(drawn.points[0]!.price))
  const moved = (await stored()).find((d) => d.id === drawn.id)!
  expect(moved.points.map((p) => p.time)).toEqual(drawn.points.map((p) => p.time))
  expect(new Decimal(drawn.points[0]!.price).minus(moved.points[0]!.price).toFixed()).toBe(new Decimal(drawn.points[1]!.price).minus(moved.points[1]!.price).toFixed())

  // Alt-drag: a copy moves up; the line stays where it was.
  await page.keyboard.down('Alt')
  await page.mouse.move(mid.x, mid.y + 60)
  await page.mouse.down()
  await page.mouse.move(mid.x, mid.y - 40, { steps: 6 })
  await page.mouse.up()
  await page.keyboard.up('Alt')
  await expect(rows(page)).toHaveCount(before + 2)
  await expect.poll(async () => (await stored()).length).toBe(before + 2)
  expect((await stored()).find((d) => d.id === drawn.id)).toEqual(moved)

  // The copy is selected: Delete removes it, Ctrl+Z brings it back, Ctrl+Shift+Z removes it again.
  await page.keyboard.press('Delete')
  await expect(rows(page)).toHaveCount(before + 1)
  await page.keyboard.press('ControlOrMeta+Z')
  await expect(rows(page)).toHaveCount(before + 2)
  await page.keyboard.press('ControlOrMeta+Shift+Z')
  await expect(rows(page)).toHaveCount(before + 1)
  await expect.poll(async () => (await stored()).length).toBe(before + 1)

  // A point changed: the line selected, its end's handle dragged down; its start stays.
  await page.mouse.click(mid.x, mid.y + 60)
  await expect(page.getByTestId(`drawing-${drawn.id}-select`)).toHaveAttribute('aria-pressed', 'true')
  await page.mouse.move(b.x, b.y + 60)
  await page.mouse.down()
  await page.mouse.move(b.x, b.y + 110, { steps: 5 })
  await page.mouse.up()
  await expect.poll(async () => Number((await stored()).find((d) => d.id === drawn.id)!.points[1]!.price)).toBeLessThan(Number(moved.points[1]!.price))
  expect((await stored()).find((d) => d.id === drawn.id)!.points[0]).toEqual(moved.points[0])
})

test("with the magnet a point takes the nearest of its candle's open, high, low and close", async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('drawings-toggle').click()
  const before = await rows(page).count()
  await page.getByTestId('draw-magnet').click()
  await expect(page.getByTestId('draw-magnet')).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('draw-hline').click()
  const box = (await page.getByTestId('chart').locator('.host').boundingBox())!
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.3)
  await expect(rows(page)).toHaveCount(before + 1)
  const point = (await callApi<Listed>(host, 'drawings.list', { pair: 'BTC_USDT' })).drawings.at(-1)!.points[0]!
  const interval = ((await page.locator('[data-testid^="interval-"][aria-pressed="true"]').getAttribute('data-testid')) ?? '').replace('interval-', '')
  const candles = await callApi<{ time: number; open: number; high: number; low: number; close: number }[]>(host, 'market.candles', { pair: 'BTC_USDT', interval, limit: 500 })
  const candle = candles.find((c) => c.time * 1000 === point.time)!
  expect(candle, 'the point stands at a candle of the chart').toBeDefined()
  expect([candle.open, candle.high, candle.low, candle.close].map((v) => new Decimal(v).toFixed(2))).toContain(new Decimal(point.price).toFixed(2))
  await page.getByTestId('draw-magnet').click()
})

test('every tool from the keyboard, drawn on the chart and listed; undo and redo', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('drawings-toggle').click()
  const before = await rows(page).count()
  for (const tool of ['draw-trendline', 'draw-ray', 'draw-rect', 'draw-fib', 'draw-text', 'draw-long', 'draw-short']) {
    await page.getByTestId(tool).focus()
    await page.keyboard.press('Enter')
  }
  await expect(rows(page)).toHaveCount(before + 7)
  const kinds = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))
  expect(kinds.slice(before)).toEqual(['trendline', 'ray', 'rect', 'fib', 'text', 'long', 'short'])
  // Undo takes the short position away, redo puts it back (the core keeps what is shown).
  await page.getByTestId('draw-undo').click()
  await expect(rows(page)).toHaveCount(before + 6)
  await page.keyboard.press('ControlOrMeta+Shift+Z')
  await expect(rows(page)).toHaveCount(before + 7)
  await expect.poll(async () => (await callApi<Listed>(host, 'drawings.list', { pair: 'BTC_USDT' })).drawings.length).toBe(before + 7)

  // The position tool's figures, exact: a 2 % stop and a 4 % target read 2 : 1.
  const long = rows(page).nth(before + 5)
  await expect(long.locator('[data-testid$="-figures"]')).toContainText('Reward : risk 2.00 : 1')
  await long.locator('[data-testid$="-amount"]').fill('0.5')
  await long.locator('[data-testid$="-amount"]').press('Enter')
  await expect(long.locator('[data-testid$="-figures"]')).toContainText(/At risk [\d,.]+ USDT/)

  // "Trade this" opens the protect form filled with the tool's levels; nothing is sent.
  await long.locator('[data-testid$="-trade"]').click()
  const form = page.getByTestId('protect-dialog')
  await expect(form).toBeVisible()
  const stop = await long.locator('[data-testid$="-stop"]').inputValue()
  await expect(form.getByTestId('stop-loss')).toHaveValue(stop)
  await expect(form.getByTestId('protect-amount')).toHaveValue('0.5')
  await shot(page, 'drawings-trade-this')
  await page.keyboard.press('Escape')
  await expect(form).toBeHidden()
  expect(await callApi<unknown[]>(host, 'positions.list')).toEqual([])

  await page.mouse.move(0, 0)
  await shot(page, 'drawings')
})

test('the drawing toolbar and the Drawings list pass axe-core in both themes', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('drawings-toggle').click()
  await expect(rows(page).first()).toBeVisible()
  for (const theme of ['dark', 'light'] as const) {
    if ((await page.evaluate("document.documentElement.dataset.theme ?? 'dark'")) !== theme) await page.getByTestId('theme-toggle').click()
    await expect.poll(() => page.evaluate("document.documentElement.dataset.theme ?? 'dark'")).toBe(theme)
    await page.waitForTimeout(400)
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="drawing-toolbar"]').include('[data-testid="drawings-list"]').analyze()
    const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${theme}: ${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(bad).toEqual([])
  }
})
