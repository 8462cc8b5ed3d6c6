// The pictures of the analysis workspace, the ladder and the algorithms (npm run screenshots), on a
// stage of their own (stage.ts): four linked charts, the ladder with the trader's orders on it, and
// an iceberg's card in the Algos tab.
import { test, expect, type Page } from '@playwright/test'
import Decimal from 'decimal.js'
import type { PlaceOrderResult } from '../../electron/domain/api/api'
import type { Ticker } from '../../electron/domain/wire/wire'
import { callApi, type RunningHost } from '../web-host'
import { openStage, PAIR, picture, showTab, sized, type Stage } from './stage'

let stage: Stage
let host: RunningHost
let page: Page
test.describe.configure({ mode: 'serial' })
test.beforeAll(async ({ browser }) => {
  stage = await openStage(browser, 'trading-terminal-screenshots-analysis', 46, 'charts.png')
  ;({ host, page } = stage)
})
test.afterAll(async () => {
  await stage?.close()
})

const pane = (n: number) => page.getByTestId(`chart-pane-${n}`)

/** The pair's last price, as the exchange's ticker says. */
async function last(): Promise<Decimal> {
  const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: PAIR })
  return new Decimal(ticker!.last!)
}

async function limit(side: 'BUY' | 'SELL', price: Decimal, amount: string): Promise<void> {
  const placed = await callApi<PlaceOrderResult>(host, 'orders.place', { pair: PAIR, order_type: 'LIMIT', order_side: side, wallet_type: 'SPOT', base_amount: amount, limit_price: price.toFixed() })
  expect(placed.outcome).toBe('placed')
}

test('four charts: three pairs, each at its own interval, two of them linked in blue', async () => {
  await sized(page, 'charts.png')
  await page.getByTestId('layout-4').click()
  await expect(pane(3)).toBeVisible()
  await pane(1).getByTestId('pair-select').selectOption('ETH_USDT')
  await pane(2).getByTestId('pair-select').selectOption('BTC_USDT')
  await pane(3).getByTestId('pair-select').selectOption('LTC_USDT')
  await pane(1).getByTestId('chart-interval-select').selectOption('5')
  await pane(2).getByTestId('chart-interval-select').selectOption('60')
  await pane(0).getByTestId('link-chart-0').selectOption('blue')
  await pane(2).getByTestId('link-chart-2').selectOption('blue')
  for (const n of [1, 2, 3]) await expect(pane(n).locator('canvas').first()).toBeVisible({ timeout: 20_000 })
  await picture(page, 'charts.png')
  await page.getByTestId('layout-1').click()
  await expect(pane(1)).toHaveCount(0)
})

test('the ladder, with a buy and a sell of the trader’s on it', async () => {
  await sized(page, 'ladder.png')
  // a few rows under and over the last price: both in view, neither crossing the book
  const price = await last()
  await limit('BUY', price.minus(45).toDecimalPlaces(0), '0.02')
  await limit('SELL', price.plus(35).toDecimalPlaces(0), '0.01')
  await page.getByTestId('book-view-ladder').click()
  await expect(page.getByTestId('ladder')).toBeVisible()
  // its step is Auto: chosen from the book, so the book's levels fall on neighbouring rows
  await expect(page.getByTestId('ladder-step')).toContainText('Auto')
  await expect(page.locator('[data-testid^="ladder-row-"]:not([data-own="0"]):not([data-own=""])')).toHaveCount(2, { timeout: 15_000 })
  await picture(page, 'ladder.png')
})

test('an iceberg at work in the Algos tab', async () => {
  await sized(page, 'algos.png')
  const price = await last()
  const ice = await callApi<{ id: string }>(host, 'algos.start', { kind: 'iceberg', pair: PAIR, side: 'BUY', amount: '0.05', slice: '0.01', price: price.times('0.99').toDecimalPlaces(0).toFixed() })
  await showTab(page, 'algos')
  await expect(page.getByTestId(`algo-card-${ice.id}`)).toHaveAttribute('data-state', 'running', { timeout: 15_000 })
  await expect(page.getByTestId(`algo-card-${ice.id}`).getByTestId('algo-resting')).toHaveText('0.01 BTC', { timeout: 15_000 })
  await picture(page, 'algos.png')
})
