// The side of every fill, end to end. The demo exchange answers in the real exchange's shapes: its
// fills name no side and no order. The trader buys and sells in the window; the Fills tab, the P&L
// and both CSV exports must then name each fill's side as the order that made it, and the P&L must be
// the one computed by hand from those fills.
import { readFileSync } from 'node:fs'
import { test, expect, type Page } from '@playwright/test'
import Decimal from 'decimal.js'
import { startWebHost, type RunningHost } from './web-host'
import { openApp, parseShown, shot } from './helpers'
import { chooseOrder, submitAndConfirm } from './order-form'

let host: RunningHost
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
})

async function market(page: Page, side: 'BUY' | 'SELL', amount: string): Promise<number> {
  await chooseOrder(page, 'MARKET', side)
  await page.getByTestId(side === 'BUY' ? 'quote-amount' : 'base-amount').fill(amount)
  return submitAndConfirm(page)
}

async function download(page: Page, testId: string): Promise<string[]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()])
  return readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n')
}

test('buys and sells: each fill named by its order in the Fills tab and the CSVs, and the P&L computed by hand', async ({ page }) => {
  await openApp(page, host)
  // A buy, a sell of part of it, a second buy and a second sell: both sells are covered by the first buy.
  const sides = new Map<number, 'BUY' | 'SELL'>()
  sides.set(await market(page, 'BUY', '2500'), 'BUY')
  sides.set(await market(page, 'SELL', '0.01'), 'SELL')
  sides.set(await market(page, 'BUY', '1200'), 'BUY')
  sides.set(await market(page, 'SELL', '0.015'), 'SELL')
  const [firstBuy] = [...sides.keys()]

  await page.getByTestId('tab-history').click()
  for (const id of sides.keys()) await expect(page.getByTestId('order-history-table').locator(`tr[data-order-id="${id}"]`)).toBeVisible({ timeout: 10_000 })

  const [header, ...rows] = await download(page, 'export-csv-fills')
  expect(header).toBe('id,order_id,time_utc,pair,side,side_from,order_type,price,amount,fee_amount,fee_currency,fee_rate,role,wallet_type')
  const fills = rows.map((r) => {
    const [, orderId, time, pair, side, from, type, price, amount, fee, feeCurrency] = r.split(',')
    return { orderId: Number(orderId), time: time!, pair, side, from, type, price: new Decimal(price!), amount: new Decimal(amount!), fee: new Decimal(fee!), feeCurrency }
  })
  expect(fills.length).toBeGreaterThanOrEqual(4)
  // Every fill is the session's, placed by its own order (no side or order came from the exchange).
  for (const f of fills) {
    expect(sides.get(f.orderId), `fill of order ${f.orderId}`).toBe(f.side)
    expect([f.pair, f.from, f.type, f.feeCurrency]).toEqual(['BTC_USDT', 'order', 'MARKET', f.side === 'BUY' ? 'BTC' : 'USDT'])
  }
  // The orders CSV names the same sides.
  const orderRows = (await download(page, 'export-csv-orders')).slice(1)
  for (const [id, side] of sides) expect(orderRows.find((r) => r.startsWith(`${id},`))?.split(',')[3]).toBe(side)

  // By hand: the first buy's fills, oldest first, each bought amount − its BTC fee for amount × price;
  // the 0.025 sold takes that from the oldest, and brings in amount × price − the USDT fee.
  const oldestFirst = [...fills].sort((a, b) => a.time.localeCompare(b.time))
  let toCover = new Decimal('0.025')
  let cost = new Decimal(0)
  for (const f of oldestFirst.filter((x) => x.orderId === firstBuy)) {
    const received = f.amount.minus(f.fee)
    const take = Decimal.min(toCover, received)
    cost = cost.plus(f.amount.times(f.price).times(take).div(received))
    toCover = toCover.minus(take)
  }
  expect(toCover.toNumber()).toBe(0)
  const proceeds = fills.filter((f) => f.side === 'SELL').reduce((sum, f) => sum.plus(f.amount.times(f.price)).minus(f.fee), new Decimal(0))
  const realised = proceeds.minus(cost)

  await page.getByTestId('tab-fills').click()
  const table = page.getByTestId('fills-table')
  await expect(table.locator('[data-side-from]').first()).toBeVisible()
  const shown = await table.locator('[data-side-from]').evaluateAll((cells) => cells.map((c) => [c.textContent, c.getAttribute('data-side-from')]))
  expect(shown).toEqual(fills.map((f) => [f.side, 'order']))
  const pnl = page.getByTestId('pnl-summary').locator('[data-pair="BTC_USDT"] dd').first()
  // shown to price + amount places (8), ≈ when the exact figure has more
  expect(parseShown(await pnl.textContent())).toBeCloseTo(realised.toNumber(), 7)
  await expect(page.getByTestId('pnl-unplaced')).toHaveCount(0)
  await shot(page, 'fills-sides')
})
