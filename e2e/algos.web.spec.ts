// Execution algorithms in the window against a demo exchange that holds still: a TWAP started from the
// Algos tab's form (each wrong field said under it and tied to it, a preview of its slots, a
// confirmation before anything starts; axe-clean in both themes) runs to its end on the window's
// keeper, its card showing the progress live (filled of the total, the average, the slippage against
// the arrival price) until it is done, and the exchange's own records agree (each order once, never
// more bought than the total);
// an iceberg's card pauses, resumes and cancels from its buttons, removing what rests; an iceberg
// filled by another trader never shows more than its slice; a chase follows a touch another trader
// moves, at once from the live feed (cancel, confirmed, then one new order), its card showing each
// move and the price its order rests at, and a price drive fills it there. The Algos tab with its
// cards has no critical or serious axe violation.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import Decimal from 'decimal.js'
import { startWebHost, callApi, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { switchedTo, violations } from './a11y'
import { drivePrice, onlyProfileOn, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'
import { exchangeOrdersOf, lastPrice, PAIR } from './keeper-process'
import { createExchangeClient } from '../electron/core/exchange/client'

let host: RunningHost
let demo: AdminDemo
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  demo = await startAdminDemo(48, { still: true })
  host = await startWebHost()
  await onlyProfileOn(host, demo, 'Still')
})
test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
})

type Answer = { queued: boolean; id: string }

/** The start form filled with a TWAP of 0.003 BTC in three slices, the last duration as typed. */
async function fillTwap(page: Page, duration: string): Promise<void> {
  await page.getByTestId('algos-new').click()
  await expect(page.getByTestId('algo-form')).toBeVisible()
  await page.getByTestId('algo-form-kind-twap').check()
  await page.getByTestId('algo-form-pair').selectOption(PAIR)
  await page.getByTestId('algo-form-amount').fill('0.003')
  await page.getByTestId('algo-form-slices').fill('3')
  await page.getByTestId('algo-form-duration').fill(duration)
  await page.getByTestId('algo-form-finish').selectOption('market')
}

test('a TWAP started from the form runs to its end: checked, previewed and confirmed first; its card shows the progress live; the exchange never bought more than the total', async ({ page }) => {
  test.setTimeout(120_000)
  await openApp(page, host)
  await page.getByTestId('tab-algos').click()
  await expect(page.getByTestId('algos-empty')).toBeVisible({ timeout: 15_000 })

  // a wrong field is said under it, tied to it, and nothing goes on to the confirmation
  await fillTwap(page, '9 seconds')
  await page.getByTestId('algo-form-duration').press('Enter')
  const duration = page.getByTestId('algo-form-duration')
  await expect(page.getByTestId('algo-form-error-duration')).toHaveText('A number and a unit: 30s, 10m or 2h')
  await expect(duration).toHaveAttribute('aria-invalid', 'true')
  await expect(duration).toHaveAccessibleDescription(/A number and a unit: 30s, 10m or 2h/)
  await expect(page.getByTestId('algo-summary')).toHaveCount(0)
  await page.getByTestId('algo-form-slices').fill('0')
  await page.getByTestId('algo-form-slices').blur()
  await expect(page.getByTestId('algo-form-error-slices')).toHaveText('From 1 to 200')

  // fixed: the preview names every slot and its size; the form is axe-clean in both themes
  await page.getByTestId('algo-form-slices').fill('3')
  await duration.fill('9s')
  const preview = page.getByTestId('algo-preview')
  await expect(preview).toContainText('3 LIMIT orders over 9 s, each taking the ask')
  await expect(preview).toContainText('Slice 3 at +6 s: 0.001 BTC')
  await expect(preview).toContainText('At the end: the rest at market.')
  await expect(duration).toHaveAttribute('aria-invalid', 'false')
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') {
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('algo-form')).toBeHidden()
      await switchedTo(page, 'light')
      await fillTwap(page, '9s')
    }
    expect(await violations(page, `start form (${theme})`, '[data-testid="algo-form"]')).toEqual([])
    await shot(page, `algos-form-${theme}`)
  }

  // confirmed with the keyboard: nothing started before
  await duration.press('Enter')
  await expect(page.getByTestId('algo-summary')).toContainText('Start this TWAP? Buy 0.003 BTC on BTC/USDT')
  expect(await callApi<unknown[]>(host, 'algos.list', undefined)).toEqual([])
  await shot(page, 'algos-form-confirm')
  await page.getByTestId('algo-form-confirm').click()
  await expect(page.getByTestId('algo-form')).toBeHidden()
  await expect(page.getByTestId('algos-started')).toHaveText(/^Algorithm algo\w+ started\.$/)
  const twap = { id: /Algorithm (algo\w+) started/.exec((await page.getByTestId('algos-started').textContent())!)![1]! }
  const card = page.getByTestId(`algo-card-${twap.id}`)
  await expect(card).toHaveAttribute('data-kind', 'twap')
  // the first slot went out at the start, taking the ask: bought before the next slot, which the card names
  await expect.poll(async () => Number(await card.getAttribute('data-filled')), { timeout: 10_000 }).toBeGreaterThan(0)
  await expect(card.getByTestId('algo-filled')).toContainText('/ 0.003 BTC')
  await shot(page, 'algos-twap-running-light')
  await switchedTo(page, 'dark')
  await shot(page, 'algos-twap-running')
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 30_000 })
  await expect(card).toHaveAttribute('data-filled', '0.003')
  await expect(card.getByTestId('algo-remaining')).toHaveText('0 BTC')
  await expect(card.getByTestId('algo-average')).toHaveText(/\d/)
  await expect(card.getByTestId('algo-slippage')).toHaveText(/%/)
  await expect(card.getByTestId('algo-pause')).toHaveCount(0)
  await shot(page, 'algos-twap-done')

  const orders = await exchangeOrdersOf(demo, PAIR, twap.id)
  const ids = orders.map((o) => o.client_order_id)
  expect(new Set(ids).size, `each order once: ${ids.join(' ')}`).toBe(ids.length)
  const bought = orders.reduce((s, o) => s.plus(String(o.amount_filled ?? '0')), new Decimal(0))
  expect(bought.toFixed()).toBe('0.003')
  expect(orders.filter((o) => ['OPEN', 'PARTIAL_FILLED', 'PENDING'].includes(o.status))).toEqual([])
})

test('an iceberg is paused, resumed and cancelled from its card; cancel removes what rests; the tab is axe-clean', async ({ page }) => {
  test.setTimeout(60_000)
  const price = (await lastPrice(demo, PAIR)).times('0.9').toDecimalPlaces(0)
  const ice = await callApi<Answer>(host, 'algos.start', { kind: 'iceberg', pair: PAIR, side: 'BUY', amount: '0.002', slice: '0.001', price: price.toFixed() })
  await openApp(page, host)
  await page.getByTestId('tab-algos').click()
  const card = page.getByTestId(`algo-card-${ice.id}`)
  await expect(card).toHaveAttribute('data-state', 'running', { timeout: 15_000 })
  await expect(card.getByTestId('algo-resting')).toHaveText('0.001 BTC')

  const { violations } = await new AxeBuilder({ page }).include('[data-testid="algos"]').analyze()
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id}: ${v.help}`)).toEqual([])

  await card.getByTestId('algo-pause').click()
  await expect(card).toHaveAttribute('data-state', 'paused')
  await expect(card.getByTestId('algo-paused')).toHaveText('Paused: Paused by the trader')
  await card.getByTestId('algo-resume').click()
  await expect(card).toHaveAttribute('data-state', 'running')
  await card.getByTestId('algo-cancel').click()
  await page.getByRole('button', { name: 'Cancel it' }).click()
  await expect(card).toHaveAttribute('data-state', 'cancelled')
  await expect(card.getByTestId('algo-note')).toHaveText('Cancelled by the trader with 0.002 BTC not filled')
  const orders = await exchangeOrdersOf(demo, PAIR, ice.id)
  expect(orders.map((o) => o.status)).toEqual(['CANCELLED'])
})

/** Another trader on the demo (its second account): the bids and asks that fill a slice or move the touch. */
const otherTrader = () => createExchangeClient({ baseUrl: demo.baseUrl, credentials: async () => ({ apiKey: demo.accounts[1]!.apiKey, apiSecret: demo.accounts[1]!.apiSecret }) })
const bestBidAsk = async () => {
  const res = await fetch(`${demo.baseUrl}/orderbook?pair=${PAIR}&limit_buy=1&limit_sell=1`)
  const book = (await res.json()) as { buy: { price: string | number }[]; sell: { price: string | number }[] }
  return { bid: new Decimal(String(book.buy[0]!.price)), ask: new Decimal(String(book.sell[0]!.price)) }
}
const LIVE = ['OPEN', 'PARTIAL_FILLED', 'PENDING']

test('an iceberg filled by another trader never shows more than its slice at the exchange', async ({ page }) => {
  test.setTimeout(60_000)
  const other = otherTrader()
  const { bid, ask } = await bestBidAsk()
  const price = bid.plus(ask).div(2).toDecimalPlaces(2) // inside the spread: the best bid, ahead of every other
  const ice = await callApi<Answer>(host, 'algos.start', { kind: 'iceberg', pair: PAIR, side: 'BUY', amount: '0.003', slice: '0.001', price: price.toFixed() })
  await openApp(page, host)
  await page.getByTestId('tab-algos').click()
  const card = page.getByTestId(`algo-card-${ice.id}`)
  let sold = 0
  for (const size of ['0.0006', '0.0006', '0.0006', '0.0006', '0.0006']) {
    await other.placeOrder({ pair: PAIR, order_type: 'LIMIT', order_side: 'SELL', wallet_type: 'SPOT', base_amount: size, limit_price: price.toFixed(), client_order_id: `ice-${ice.id}-${++sold}` })
    // what the exchange shows of the iceberg: one order, never more than the slice
    await expect.poll(async () => Number(await card.getAttribute('data-filled')), { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.min(sold * 0.0006, 0.003) - 0.001)
    const live = (await exchangeOrdersOf(demo, PAIR, ice.id)).filter((o) => LIVE.includes(o.status))
    expect(live.length).toBeLessThanOrEqual(1)
    for (const o of live) expect(new Decimal(String(o.amount)).minus(String(o.amount_filled ?? '0')).lte('0.001')).toBe(true)
  }
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  const orders = await exchangeOrdersOf(demo, PAIR, ice.id)
  expect(orders.map((o) => String(o.amount))).toEqual(['0.001', '0.001', '0.001'])
  await other.cancelOrders({ pair: PAIR })
})

test('a chase follows a touch another trader moves, at once from the feed: its card shows each move and the order at the new touch; a price drive fills it there', async ({ page }) => {
  test.setTimeout(60_000)
  const other = otherTrader()
  const chase = await callApi<Answer>(host, 'algos.start', { kind: 'chase', pair: PAIR, side: 'BUY', amount: '0.002', maxMoves: 3 })
  await openApp(page, host)
  await page.getByTestId('tab-algos').click()
  const card = page.getByTestId(`algo-card-${chase.id}`)
  await expect(card).toHaveAttribute('data-kind', 'chase')
  // the keeper records an order before it sends it: the card says "sending…" until the exchange has it
  await expect(card.getByTestId('algo-order-price')).toHaveAttribute('data-status', 'resting')
  const [first] = await exchangeOrdersOf(demo, PAIR, chase.id)
  expect(first?.status).toBe('OPEN')
  await expect(card.getByTestId('algo-moves')).toHaveText('0 of 3')
  await expect(card.getByTestId('algo-order-price')).toHaveAttribute('data-price', new Decimal(String(first!.price)).toFixed())
  // higher bids, one after the other: the chase's order is no longer at the touch
  const { ask } = await bestBidAsk()
  let touch = new Decimal(String(first!.price))
  const prices = [String(first!.price)]
  for (const move of [1, 2]) {
    touch = Decimal.min(touch.plus(1), ask.minus('0.01'))
    await other.placeOrder({
      pair: PAIR,
      order_type: 'LIMIT',
      order_side: 'BUY',
      wallet_type: 'SPOT',
      base_amount: '0.001',
      limit_price: touch.toFixed(),
      client_order_id: `chase-${chase.id}-${move}`,
    })
    prices.push(touch.toFixed())
    // cancel, confirmed, then one new order at the new touch; the card says so
    await expect(card.getByTestId('algo-moves')).toHaveText(`${move} of 3`, { timeout: 15_000 })
    await expect(card.getByTestId('algo-order-price')).toHaveAttribute('data-price', touch.toFixed())
    await expect(card.getByTestId('algo-order-price')).toHaveAttribute('data-status', 'resting')
    const orders = (await exchangeOrdersOf(demo, PAIR, chase.id)).map((o) => [o.status, String(o.price)]).reverse()
    expect(orders).toEqual(prices.map((p, i) => [i === prices.length - 1 ? 'OPEN' : 'CANCELLED', p]))
  }
  await expect(card.getByTestId('algo-orders')).toHaveText('3')
  await expect(card).toHaveAttribute('data-state', 'running')
  await shot(page, 'algos-chase-moved')
  await switchedTo(page, 'light')
  await shot(page, 'algos-chase-moved-light')
  await switchedTo(page, 'dark')
  // the market comes down to the chase's order: it fills there, and the chase is done
  await drivePrice(demo, PAIR, ask.plus(5)) // up first: whatever the last trade was, the way down passes the chase's bid
  await drivePrice(demo, PAIR, touch)
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await expect(card).toHaveAttribute('data-filled', '0.002')
  expect((await exchangeOrdersOf(demo, PAIR, chase.id)).filter((o) => LIVE.includes(o.status))).toEqual([])
  await other.cancelOrders({ pair: PAIR })
})
