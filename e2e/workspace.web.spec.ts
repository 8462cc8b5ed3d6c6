// The chart as a workspace, in a real Chromium against the demo exchange: indicators added from the
// menu are drawn (read off the canvas, in their pane) and come back after a reload, and the one-key
// shortcuts do what the help says. The panels' arrangement and fit are workspace-layout.web.spec.ts.
import { test, expect, type Page } from '@playwright/test'
import type { RunningHost } from './web-host'
import { openApp, shot, useWebHost } from './helpers'

let host: RunningHost

useWebHost((started) => (host = started))

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
