// Protected positions in the window against a demo exchange that holds still, its price driven by
// the admin endpoint through the book: a LIMIT buy just above the market, opened through the protect
// form with a stop, one target and breakeven, fills and is protected by the exchange; at the target
// the share is sold and the stop moves to the entry; through that stop the position is closed by stop.
import { test, expect, type Page } from '@playwright/test'
import Decimal from 'decimal.js'
import { startWebHost, callApi, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { onlyProfileOn, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'
import { exchangeOrdersOf } from './keeper-process'

let host: RunningHost
let demo: AdminDemo
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  demo = await startAdminDemo(41, { still: true })
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
})

/** Trades BTC_USDT to `price` through the book (stops trigger, resting limits fill). */
async function drive(price: Decimal): Promise<void> {
  const res = await fetch(`${demo.origin}/__admin/price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': demo.adminToken },
    body: JSON.stringify({ pair: 'BTC_USDT', price: price.toFixed() }),
  })
  expect(res.status, await res.text()).toBe(200)
}

const card = (page: Page) => page.getByTestId('positions').locator('article[data-testid^="position-"]').first()

test('a protected LIMIT buy through the form: protected by the exchange, target reached and the stop moved, closed by stop', async ({ page }) => {
  await onlyProfileOn(host, demo, 'Still')
  const [ticker] = await callApi<{ last: string }[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
  const last = new Decimal(ticker!.last)
  const entry = last.times('1.002').toDecimalPlaces(0, Decimal.ROUND_UP)
  const stop = entry.minus(600)
  const target = entry.plus(600)

  await openApp(page, host)
  await page.getByTestId('tab-positions').click()
  const panel = page.getByTestId('positions')
  await expect(panel.getByTestId('positions-empty')).toBeVisible({ timeout: 15_000 })

  // The form: errors under the fields as the trader types, the figures live, a summary before sending.
  await panel.getByTestId('protect-toggle').click()
  const form = page.getByTestId('protect-dialog')
  await form.getByTestId('protect-price').fill(entry.toFixed())
  await form.getByTestId('protect-amount').fill('0.01')
  await form.getByTestId('stop-loss').fill(entry.plus(10).toFixed())
  await form.getByTestId('stop-loss').blur()
  await expect(form.getByTestId('protect-error-stop')).toHaveText('A long’s stop must be below the entry')
  await form.getByTestId('stop-loss').fill(stop.toFixed())
  await expect(form.getByTestId('protect-error-stop')).toHaveText('')
  await form.getByTestId('protect-add-target').click()
  await form.getByTestId('protect-target-price-0').fill(target.toFixed())
  await form.getByTestId('protect-target-share-0').fill('50')
  await form.getByTestId('protect-breakeven').check()
  await expect(form.getByTestId('protect-figure-amount')).toContainText('0.01')
  await expect(form.getByTestId('protect-figure-risk')).toContainText('USDT')
  await expect(form.getByTestId('protect-figure-rr')).toContainText('R')
  await shot(page, 'positions-form')
  await form.getByTestId('protect-review').click()
  await expect(form.getByTestId('protect-summary')).toContainText(`stop ${stop.toFixed()}`)
  await shot(page, 'positions-form-confirm')
  await form.getByTestId('protect-confirm').click()
  await expect(form).toBeHidden()

  // It fills at once (a buy above the ask); the keeper places the stop at the exchange.
  const position = card(page)
  await expect(position.getByTestId('position-protection')).toHaveText('protected by the exchange', { timeout: 20_000 })
  await expect(position).toHaveAttribute('data-protection', 'exchange')
  await expect(position).toHaveAttribute('data-state', 'open')
  await expect(position.getByTestId('position-filled')).toHaveAttribute('data-value', '0.01')
  // what its exits may sell, and why that is less than the fill
  await expect(position.getByTestId('position-held')).toHaveAttribute('data-value', '0.00999')
  await expect(position.getByTestId('position-held-note')).toContainText('which it keeps in BTC')
  await expect(position.getByTestId('position-stop')).toHaveAttribute('data-value', stop.toFixed())
  await expect(position.getByTestId('position-target-0')).toHaveAttribute('data-state', 'waiting')
  await shot(page, 'positions-protected')

  // At the target: half is sold, and breakeven moves the stop to the entry.
  await drive(target)
  await expect(position.getByTestId('position-target-0')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  // the entry's price is the fills' average: breakeven moves the stop there, in the step that
  // cancels the old stop; once the new one rests (after the target's sell went out), the exchange
  // protects the rest again
  const entryPrice = new Decimal((await position.getByTestId('position-entry').getAttribute('data-value'))!)
  expect(entryPrice.lte(entry)).toBe(true)
  await expect(position.getByTestId('position-stop')).toHaveAttribute('data-value', entryPrice.toFixed(), { timeout: 20_000 })
  await expect(position.getByTestId('position-protection')).toHaveText('protected by the exchange', { timeout: 20_000 })
  await expect(position.getByTestId('position-target-0')).toContainText('reached')
  // the target's sell rests just under the target: the next buyer at the target takes it
  await drive(target.plus(1))
  // half of what the account received: the demo keeps its fee (0.1 %) in the BTC bought
  await expect(position.getByTestId('position-exited')).toHaveAttribute('data-value', '0.004995', { timeout: 20_000 })
  await shot(page, 'positions-target')

  // Through the stop (now at the entry): it triggers, and its limit sells when a buyer comes back to it.
  const limit = entryPrice.minus(entryPrice.times('0.005').toDecimalPlaces(2, Decimal.ROUND_UP))
  await drive(limit.minus(10))
  await drive(limit)
  await expect(position).toHaveAttribute('data-state', 'closed', { timeout: 30_000 })
  await expect(position.getByTestId('position-protection')).toHaveText('closed by stop')
  await expect(position.getByTestId('position-exited')).toHaveAttribute('data-value', '0.00999')
  await expect(position.getByTestId('position-close')).toHaveCount(0)
  await shot(page, 'positions-closed')
})

test('a pending position: closing the window asks first while its target is kept by the terminal; Cancel asks, then ends it', async ({ page }) => {
  const [ticker] = await callApi<{ last: string }[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
  const entry = new Decimal(ticker!.last).times('0.9').toDecimalPlaces(0)
  await callApi(host, 'positions.protect', {
    pair: 'BTC_USDT',
    side: 'BUY',
    entry: { type: 'LIMIT', price: entry.toFixed() },
    size: { amount: '0.01' },
    stopLoss: entry.minus(500).toFixed(),
    takeProfits: [{ price: entry.plus(500).toFixed(), share: '100' }],
  })
  await openApp(page, host)
  await page.getByTestId('tab-positions').click()
  const pending = page.getByTestId('positions').locator('article[data-state="pending"]')
  await expect(pending.getByTestId('position-protection')).toHaveText('waiting for the entry to fill; then protected by the exchange')
  await expect(page.getByTestId('positions-watched')).toContainText(`Kept by the terminal only while it runs: BTC_USDT long: the target at ${entry.plus(500).toFixed()}`)

  // The browser's own "Leave site?" question; dismissed, the window stays.
  const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.type()), void d.dismiss())))
  await page.close({ runBeforeUnload: true })
  expect(await asked).toBe('beforeunload')
  expect(page.isClosed()).toBe(false)

  await pending.getByTestId('position-cancel').click()
  await shot(page, 'positions-cancel-confirm')
  await page.getByRole('button', { name: 'Cancel it' }).click()
  const ended = page.getByTestId('positions').locator('article[data-state="cancelled"]')
  await expect(ended.getByTestId('position-protection')).toHaveText('cancelled: nothing was bought', { timeout: 15_000 })
  await expect(page.getByTestId('positions-watched')).toHaveCount(0)
})

test('driven to its target, a position closes at the target, and its stop is gone from the exchange', async ({ page }) => {
  // A buy under the market, filled when the price is driven down to it.
  const [ticker] = await callApi<{ last: string }[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
  const entry = new Decimal(ticker!.last).minus(200).toDecimalPlaces(0)
  const target = entry.plus(600)
  const answer = await callApi<{ position: { id: string } }>(host, 'positions.protect', {
    pair: 'BTC_USDT',
    side: 'BUY',
    entry: { type: 'LIMIT', price: entry.toFixed() },
    size: { amount: '0.01' },
    stopLoss: entry.minus(600).toFixed(),
    takeProfits: [{ price: target.toFixed(), share: '100' }],
  })
  const id = answer.position.id
  await openApp(page, host)
  await page.getByTestId('tab-positions').click()
  const position = page.getByTestId(`position-${id}`)
  await expect(position).toHaveAttribute('data-protection', 'exchange', { timeout: 20_000 })
  // What the exchange itself holds of the position: its stop orders still waiting or resting.
  const restingStops = async () => (await exchangeOrdersOf(demo, 'BTC_USDT', id)).filter((o) => o.type.toUpperCase() === 'STOP_LIMIT' && ['PENDING', 'OPEN'].includes(o.status.toUpperCase()))
  await drive(entry)
  // The entry filled: the keeper's stop comes to rest at the exchange.
  await expect(position.getByTestId('position-protection')).toHaveText('protected by the exchange', { timeout: 20_000 })
  await expect.poll(restingStops, { timeout: 10_000 }).toHaveLength(1)

  // At the target the keeper cancels the stop, confirms it, and sells the whole position there.
  await drive(target)
  await expect(position.getByTestId('position-target-0')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  // The trader hears of the stop's cancel as the keeper's, for the position: not a bare "Order cancelled".
  const heard = page.getByTestId('announcer').locator('p', { hasText: /^Position stop cancelled: Sell 0\.00999 BTC\/USDT @ [\d.]+ \(#\d+\) — the stop of the protected BTC\/USDT position/ })
  await expect(heard).toHaveCount(1, { timeout: 15_000 })
  // its sell rests just under the target, once it has reached the exchange: the next buyer there takes it
  const restingSells = async () =>
    (await exchangeOrdersOf(demo, 'BTC_USDT', id)).filter(
      (o) => o.type.toUpperCase() === 'LIMIT' && ['SELL', 'ASK'].includes(o.side.toUpperCase()) && ['OPEN', 'PENDING'].includes(o.status.toUpperCase()),
    )
  await expect.poll(restingSells, { timeout: 10_000 }).toHaveLength(1)
  await drive(target.plus(1))
  await expect(position).toHaveAttribute('data-state', 'closed', { timeout: 30_000 })
  await expect(position.getByTestId('position-protection')).toHaveText('closed by target')
  await expect(position.getByTestId('position-exited')).toHaveAttribute('data-value', '0.00999')
  await expect.poll(restingStops, { timeout: 10_000 }).toHaveLength(0)
  await shot(page, 'positions-closed-at-target')
})
