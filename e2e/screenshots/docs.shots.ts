// The pictures of the README and docs/, made by `npm run screenshots` (scripts/screenshots.mjs), on the
// stage stage.ts sets (the built app, a still demo exchange). The tests run in order on one account:
// the bare window and the book first, then a few orders and an alert for the tabs, then a protected
// position opened through its form, shown on the chart and after its first target, then drawings.
// The analysis workspace's and the ladder's pictures: analysis.shots.ts.
import { test, expect, type Page } from '@playwright/test'
import Decimal from 'decimal.js'
import type { PlaceOrderResult } from '../../electron/domain/api/api'
import type { Ticker } from '../../electron/domain/wire/wire'
import { callApi, type RunningHost } from '../web-host'
import { chooseOrder } from '../order-form'
import { drivePrice, type AdminDemo } from '../demo-process'
import { PICTURES } from './pictures'
import { dragBottomSplit, openStage, PAIR, picture, showTab, sized, type Stage } from './stage'

let stage: Stage
let demo: AdminDemo
let host: RunningHost
let page: Page
test.describe.configure({ mode: 'serial' })
test.beforeAll(async ({ browser }) => {
  stage = await openStage(browser, 'trading-terminal-screenshots', 45, PICTURES[0].file, {
    indicators: {
      chart: `${PAIR}|15`,
      list: [
        { id: 'BB', params: { period: 20, deviation: 2 }, color: '#b37feb' },
        { id: 'RSI', params: { period: 14 }, color: '#e056fd' },
      ],
    },
  })
  ;({ demo, host, page } = stage)
})
test.afterAll(async () => {
  await stage?.close()
})

async function last(): Promise<Decimal> {
  const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: PAIR })
  return new Decimal(ticker!.last!)
}

test('the trading window, dark and light', async () => {
  await sized(page, 'screenshot.png')
  await picture(page, 'screenshot.png')

  await sized(page, 'light-theme.png')
  await page.getByTestId('theme-toggle').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await picture(page, 'light-theme.png')
  await page.getByTestId('theme-toggle').click()
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'light')
})

test('the order book and a market order’s preview from it', async () => {
  await sized(page, 'depth.png')
  await expect(page.getByTestId('order-book-asks').locator('li[data-price]').first()).toBeAttached({ timeout: 20_000 })
  await expect(page.getByTestId('order-book-bids').locator('li[data-price]').first()).toBeAttached()
  await chooseOrder(page, 'MARKET', 'BUY')
  await page.getByTestId('quote-amount').fill('9000')
  await expect(page.getByTestId('order-preview')).toHaveAttribute('data-average', /\d/)
  await expect(page.getByTestId('order-preview-slippage')).toContainText('%')
  await expect(page.getByTestId('order-book-spread')).toContainText('Spread')
  await page.getByTestId('quote-amount').blur()
  await picture(page, 'depth.png')
  await page.getByTestId('quote-amount').fill('')
  await chooseOrder(page, 'LIMIT', 'BUY')
})

test('each bottom tab, with orders, fills and an alert to show', async () => {
  test.setTimeout(120_000)
  const price = await last()
  // a market buy (a fill, a line of history), a limit sell that fills at once and a limit buy that rests
  const bought = await callApi<PlaceOrderResult>(host, 'orders.place', { pair: PAIR, order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '3000' })
  expect(bought.outcome).toBe('placed')
  const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: PAIR })
  const sold = await callApi<PlaceOrderResult>(host, 'orders.place', {
    pair: PAIR,
    order_type: 'LIMIT',
    order_side: 'SELL',
    wallet_type: 'SPOT',
    base_amount: '0.02',
    limit_price: new Decimal(ticker!.buy!).toFixed(),
  })
  expect(sold.outcome).toBe('placed')
  const resting = await callApi<PlaceOrderResult>(host, 'orders.place', {
    pair: PAIR,
    order_type: 'LIMIT',
    order_side: 'BUY',
    wallet_type: 'SPOT',
    base_amount: '0.05',
    limit_price: price.times('0.994').toDecimalPlaces(0).toFixed(),
  })
  expect(resting.outcome).toBe('placed')
  await callApi(host, 'alerts.create', { kind: 'above', pair: PAIR, price: price.times('1.01').toDecimalPlaces(0).toFixed(), sound: false })

  await sized(page, 'tab-balances.png')
  await expect(page.getByTestId('tab-orders')).toContainText('1', { timeout: 15_000 })
  // the tabs' tables wide and a few rows taller: the side column (form and book) folded for these pictures
  await page.getByTestId('toggle-side').click()
  await expect(page.getByTestId('side-region')).toBeHidden()
  await dragBottomSplit(page, -120)
  await showTab(page, 'balances')
  await picture(page, 'tab-balances.png')
  await showTab(page, 'fees')
  await picture(page, 'tab-fees.png')
  await showTab(page, 'orders')
  await expect(page.locator('.bottom-region tbody tr').first()).toBeVisible()
  await picture(page, 'tab-orders.png')
  await showTab(page, 'history')
  await expect(page.locator('.bottom-region tbody tr')).not.toHaveCount(0)
  await picture(page, 'tab-history.png')
  await showTab(page, 'fills')
  await expect(page.locator('.bottom-region tbody tr')).not.toHaveCount(0)
  await picture(page, 'tab-fills.png')
  await showTab(page, 'alerts')
  await picture(page, 'tab-alerts.png')
  await showTab(page, 'blotter')
  await expect(page.getByTestId('blotter').locator('table').first()).toBeVisible({ timeout: 15_000 })
  await picture(page, 'tab-blotter.png')
  await showTab(page, 'portfolio')
  await expect(page.getByTestId('portfolio-allocation')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('portfolio-total')).toHaveAttribute('data-value', /\d/)
  await picture(page, 'portfolio.png')
  await showTab(page, 'limits')
  await expect(page.getByTestId('limits-account')).toBeVisible({ timeout: 15_000 })
  await picture(page, 'tab-limits.png')

  await dragBottomSplit(page, 120)
  await page.getByTestId('toggle-side').click()
  await expect(page.getByTestId('side-region')).toBeVisible()
  // the resting buy would sit among the position's lines in the next pictures: gone
  await callApi(host, 'orders.cancel', { order_ids: resting.orderIds })
})

test('a protected position: its form, its lines on the chart, and after its first target', async () => {
  test.setTimeout(120_000)
  const entry = (await last()).times('1.002').toDecimalPlaces(0, Decimal.ROUND_UP)
  // far enough apart that the entry's, the stop's and the target's labels read apart on the chart
  const stop = entry.minus(1000)
  const target = entry.plus(1000)

  await sized(page, 'protect-form.png')
  await showTab(page, 'positions')
  const panel = page.getByTestId('positions')
  await expect(panel.getByTestId('positions-empty')).toBeVisible({ timeout: 15_000 })
  await panel.getByTestId('protect-toggle').click()
  const form = page.getByTestId('protect-dialog')
  await form.getByTestId('protect-price').fill(entry.toFixed())
  await form.getByTestId('protect-amount').fill('0.01')
  await form.getByTestId('stop-loss').fill(stop.toFixed())
  await form.getByTestId('protect-add-target').click()
  await form.getByTestId('protect-target-price-0').fill(target.toFixed())
  await form.getByTestId('protect-target-share-0').fill('50')
  await form.getByTestId('protect-breakeven').check()
  await expect(form.getByTestId('protect-figure-risk')).toContainText('USDT')
  await expect(form.getByTestId('protect-figure-rr')).toContainText('R')
  // the form is taller than 720 px: scrolled to its figures (the money at risk, reward to risk) and its button
  await form.getByTestId('protect-review').scrollIntoViewIfNeeded()
  await picture(page, 'protect-form.png')
  await form.getByTestId('protect-review').click()
  await form.getByTestId('protect-confirm').click()
  await expect(form).toBeHidden()

  const card = panel.locator('article[data-testid^="position-"]').first()
  await expect(card.getByTestId('position-protection')).toHaveText('protected by the exchange', { timeout: 20_000 })
  const id = (await card.getAttribute('data-testid'))!.replace(/^position-/, '')
  await expect(page.getByTestId(`position-line-${id}-stop`)).toHaveAttribute('data-price', stop.toFixed(), { timeout: 15_000 })
  await expect(page.getByTestId(`position-line-${id}-target-0`)).toBeVisible()
  await picture(page, 'positions-chart.png')

  // At the target: half is sold and the stop moves to the entry; the next buyer takes the target's sell.
  await drivePrice(demo, PAIR, target)
  await expect(card.getByTestId('position-target-0')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  const entryPrice = (await card.getByTestId('position-entry').getAttribute('data-value'))!
  await expect(card.getByTestId('position-stop')).toHaveAttribute('data-value', entryPrice, { timeout: 20_000 })
  await expect(card.getByTestId('position-protection')).toHaveText('protected by the exchange', { timeout: 20_000 })
  await drivePrice(demo, PAIR, target.plus(1))
  await expect(card.getByTestId('position-exited')).not.toHaveAttribute('data-value', '0', { timeout: 20_000 })
  // the whole card in view: the bottom tabs taller for this picture
  await dragBottomSplit(page, -170)
  await picture(page, 'positions.png')
  await dragBottomSplit(page, 170)
})

test('drawings on the chart, with the Drawings list', async () => {
  await sized(page, 'drawings.png')
  // The notices the pictures before left (a target filled, an alert) would take the clicks on the toolbar.
  await page.addStyleTag({ content: '.n-notification-container, .alert-toast { pointer-events: none !important; visibility: hidden !important; }' })
  const plot = (await page.getByTestId('chart').locator('.host').boundingBox())!
  const at = (fx: number, fy: number) => [plot.x + plot.width * fx, plot.y + plot.height * fy] as const
  /** A tool, then its clicks on the price pane. */
  async function draw(tool: string, ...points: (readonly [number, number])[]): Promise<void> {
    await page.getByTestId(tool).click()
    for (const [x, y] of points) await page.mouse.click(x, y)
  }
  await draw('draw-trendline', at(0.08, 0.55), at(0.55, 0.3))
  await draw('draw-hline', at(0.3, 0.12))
  await draw('draw-fib', at(0.6, 0.15), at(0.8, 0.5))
  await draw('draw-long', at(0.1, 0.4))
  await page.getByTestId('drawings-toggle').click()
  const rows = page.getByTestId('drawings-list').locator('li[data-testid^="drawing-"]')
  await expect(rows).toHaveCount(4)
  await rows.nth(3).locator('[data-testid$="-amount"]').fill('0.05')
  await rows.nth(3).locator('[data-testid$="-amount"]').press('Enter')
  await rows.nth(0).locator('[data-testid$="-select"]').click()
  await expect(rows.nth(3).locator('[data-testid$="-figures"]')).toContainText('At risk')
  await picture(page, 'drawings.png')
})
