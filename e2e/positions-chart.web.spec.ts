// Protected positions, end to end, against a demo exchange that holds still: a MARKET entry from the
// protect form sized by risk (the amount the form shows is the one computed here by hand, and its
// stop rests at the exchange for what the entry filled), then its lines on the chart: the stop
// dragged to a new price, confirmed, and moved at the exchange by cancel then place; a target
// changed from the position's card with the keyboard, Esc giving the focus back. A pending protected
// LIMIT buy's entry line dragged lower: the old entry cancelled at the exchange, one new LIMIT at the
// dropped price once the cancel is confirmed (the demo's own counters: one order, one cancel more).
import { test, expect, type Page } from '@playwright/test'
import Decimal from 'decimal.js'
import type { AccountSnapshot, Pair, Ticker } from '../electron/domain/api/api'
import type { OrderRecord } from '../electron/domain/wire/wire'
import type { Position } from '../electron/domain/protection/types'
import { startWebHost, callApi, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { demoStats, onlyProfileOn, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

const PAIR = 'BTC_USDT'
let host: RunningHost
let demo: AdminDemo
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  demo = await startAdminDemo(43, { still: true })
  host = await startWebHost()
  await onlyProfileOn(host, demo, 'Still')
})
test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
})

const card = (page: Page) => page.getByTestId('positions').locator('article[data-testid^="position-"]').first()

/** The position's orders at the exchange, as the account's open orders list them. */
async function ordersOf(positionId: string) {
  const snapshot = await callApi<AccountSnapshot>(host, 'account.snapshot')
  return (snapshot.orders ?? []).filter((o) => o.client_order_id?.startsWith(`${positionId}-`))
}
const pendingStops = async (positionId: string) => (await ordersOf(positionId)).filter((o) => o.type === 'STOP_LIMIT' && o.status === 'PENDING')

/** Drags a handle's grip by `dy` pixels, in steps, as a hand would. */
async function dragBy(page: Page, testId: string, dy: number): Promise<void> {
  const box = (await page.getByTestId(testId).boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let i = 1; i <= 8; i++) await page.mouse.move(x, y + (dy * i) / 8)
  await page.mouse.up()
}

let positionId = ''

test('a protected market entry from the form, sized by risk: the stop appears on the exchange as the entry fills', async ({ page }) => {
  const pair = (await callApi<Pair[]>(host, 'market.pairs')).find((p) => p.name === PAIR)!
  const last = new Decimal((await callApi<Ticker[]>(host, 'market.ticker', { pair: PAIR }))[0]!.last!)
  const snapshot = await callApi<AccountSnapshot>(host, 'account.snapshot')
  const usdt = snapshot.balances.filter((b) => b.account_id === snapshot.accountId && b.currency === 'USDT' && b.wallet_type.toUpperCase() === 'SPOT')
  const equity = usdt.reduce((sum, b) => sum.plus(b.balance).minus(b.reserve), new Decimal(0))

  // By hand: risk 1 % of the available USDT between the entry (a market buy: its worst accepted fill,
  // the last price plus the slippage) and the stop's limit (the stop less the slippage: 0.5 % of the
  // last price, rounded up to the cent), both fees at the taker rate of the master account's BTC_USDT
  // rule in the demo (0.1 %); rounded down.
  const stop = last.minus(800).toDecimalPlaces(0, Decimal.ROUND_DOWN)
  const slippage = Decimal.max(last.times('0.005').toDecimalPlaces(pair.price_precision, Decimal.ROUND_UP), '0.01')
  const worst = last.plus(slippage)
  const stopLimit = stop.minus(slippage)
  const taker = new Decimal('0.001')
  const perUnit = worst.minus(stopLimit).plus(worst.times(taker)).plus(stopLimit.times(taker))
  const amount = equity.times('0.01').div(perUnit).toDecimalPlaces(pair.amount_precision, Decimal.ROUND_DOWN)
  expect(amount.gte(pair.minimum_order_size)).toBe(true)
  const target = last.plus(1500).toDecimalPlaces(0)

  await openApp(page, host)
  await page.getByTestId('tab-positions').click()
  const panel = page.getByTestId('positions')
  await expect(panel.getByTestId('positions-empty')).toBeVisible({ timeout: 15_000 })
  await panel.getByTestId('protect-toggle').click()
  const form = page.getByTestId('protect-dialog')
  await form.getByTestId('protect-entry').selectOption('MARKET')
  await form.getByTestId('protect-size-risk').check()
  await form.getByTestId('risk-percent').fill('1')
  await form.getByTestId('stop-loss').fill(stop.toFixed())
  await form.getByTestId('protect-add-target').click()
  await form.getByTestId('protect-target-price-0').fill(target.toFixed())
  await form.getByTestId('protect-target-share-0').fill('50')
  await expect(form.getByTestId('protect-figure-amount')).toHaveText(`${amount.toFixed()} BTC`)
  await shot(page, 'positions-chart-form')
  await form.getByTestId('protect-review').click()
  await expect(form.getByTestId('protect-summary')).toContainText(`stop ${stop.toFixed()}`)
  await form.getByTestId('protect-confirm').click()
  await expect(form).toBeHidden()

  // The entry fills at once; as it does, the keeper places the stop at the exchange for what it bought.
  const position = card(page)
  await expect(position).toHaveAttribute('data-state', 'open', { timeout: 20_000 })
  await expect(position.getByTestId('position-protection')).toHaveText('protected by the exchange', { timeout: 20_000 })
  positionId = (await position.getAttribute('data-testid'))!.replace(/^position-/, '')
  // the entry asked for the amount the form showed (the market buy fills what the book holds, up to it)
  const kept = (await callApi<Position[]>(host, 'positions.list')).find((p) => p.id === positionId)!
  expect(kept.legs.find((l) => l.role === 'entry')).toMatchObject({ type: 'MARKET', amount: amount.toFixed() })
  const filled = new Decimal((await position.getByTestId('position-filled').getAttribute('data-value'))!)
  expect(filled.gt(0)).toBe(true)
  const stops = await pendingStops(positionId)
  expect(stops).toHaveLength(1)
  // for what the account received: the demo, as the exchange does by default, keeps its fee (the
  // rule's 0.1 %) in the BTC bought, so the stop sells the fill less that, rounded down
  const received = filled.times(new Decimal(1).minus(taker)).toDecimalPlaces(pair.amount_precision, Decimal.ROUND_DOWN)
  expect(new Decimal(stops[0]!.amount).toFixed(), `the stop's amount against ${filled.toFixed()} filled`).toBe(received.toFixed())
  expect(new Decimal(stops[0]!.stop_price!).eq(stop)).toBe(true)
  expect(new Decimal(stops[0]!.price!).eq(stopLimit)).toBe(true)
})

test('a line is dragged on the chart: asked first, then the stop moves at the exchange by cancel, then place; a target changed from the card by keyboard', async ({ page }) => {
  expect(positionId, 'the first test opened the position').not.toBe('')
  await openApp(page, host)
  await page.getByTestId('tab-positions').click()
  const position = card(page)
  const stopBefore = (await position.getByTestId('position-stop').getAttribute('data-value'))!
  const oldStop = (await pendingStops(positionId))[0]!

  // The stop's and the target's handles sit on their lines; the position's own orders offer no order handle.
  const stopLine = page.getByTestId(`position-line-${positionId}-stop`)
  await expect(stopLine).toHaveAttribute('data-price', stopBefore, { timeout: 15_000 })
  await expect(page.getByTestId(`position-line-${positionId}-target-0`)).toBeVisible()
  await expect(page.getByTestId(`order-line-${oldStop.id}`)).toHaveCount(0)
  await shot(page, 'positions-chart-lines')

  // Dragged up, dropped: the dialog says what changes and what the keeper does; nothing is sent yet.
  await dragBy(page, `position-line-drag-${positionId}-stop`, -40)
  const dialog = page.getByTestId('levels-dialog')
  await expect(dialog).toHaveAttribute('data-from', 'chart')
  const dropped = await dialog.getByTestId('levels-stop').inputValue()
  expect(new Decimal(dropped).gt(stopBefore)).toBe(true)
  const said = (await dialog.getByTestId('levels-change-stop').textContent())!.replace(/,/g, '')
  expect(said).toBe(`${stopBefore} → ${dropped}`)
  await expect(dialog.getByTestId('levels-summary')).toContainText('The stop resting at the exchange is cancelled; once the cancel is confirmed, a new STOP_LIMIT is placed')
  await shot(page, 'positions-chart-drag-confirm')
  expect((await pendingStops(positionId)).map((o) => o.id)).toEqual([oldStop.id])
  await dialog.getByTestId('levels-confirm').click()
  await expect(dialog).toBeHidden()

  // At the exchange: the old stop cancelled, one new STOP_LIMIT at the dropped price for the same amount.
  await expect(position.getByTestId('position-stop')).toHaveAttribute('data-value', dropped, { timeout: 15_000 })
  await expect.poll(async () => (await pendingStops(positionId)).map((o) => new Decimal(o.stop_price!).toFixed()), { timeout: 15_000 }).toEqual([dropped])
  const newStop = (await pendingStops(positionId))[0]!
  expect(newStop.id).not.toBe(oldStop.id)
  expect(new Decimal(newStop.amount).eq(oldStop.amount)).toBe(true)
  await expect(page.getByTestId(`position-line-${positionId}-stop`)).toHaveAttribute('data-price', dropped)
  await shot(page, 'positions-chart-moved')

  // The keyboard way: the card's button opens the same dialog; Esc closes it and gives the focus back.
  const change = position.getByTestId('position-levels')
  await change.focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveAttribute('data-from', 'card')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(change).toBeFocused()
  await page.keyboard.press('Enter')
  const targetField = dialog.getByTestId('levels-target-0')
  await targetField.focus()
  // a target under the last price is refused under its field, and Move stays off
  await targetField.fill('1000')
  await expect(dialog.getByTestId('protect-error-levels-target-0')).toContainText('Target 1 must be above')
  await expect(dialog.getByTestId('levels-confirm')).toBeDisabled()
  const oldTarget = new Decimal((await position.getByTestId('position-target-0').locator('.num').textContent())!.replace(/,/g, ''))
  const newTarget = oldTarget.plus(250)
  await targetField.fill(newTarget.toFixed())
  await shot(page, 'positions-levels-dialog')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId(`position-line-${positionId}-target-0`)).toHaveAttribute('data-price', newTarget.toFixed(), { timeout: 15_000 })
  // a target is the terminal's to watch: nothing new rests at the exchange for it
  expect((await ordersOf(positionId)).filter((o) => o.status === 'OPEN' || o.status === 'PENDING').map((o) => o.id)).toEqual([newStop.id])
})

test('a pending LIMIT entry’s line dragged lower: asked first, then cancelled at the exchange and placed once again at the new price', async ({ page }) => {
  const last = new Decimal((await callApi<Ticker[]>(host, 'market.ticker', { pair: PAIR }))[0]!.last!)
  const entry = last.minus(300).toDecimalPlaces(0)
  const answer = await callApi<{ position: Position }>(host, 'positions.protect', {
    pair: PAIR,
    side: 'BUY',
    entry: { type: 'LIMIT', price: entry.toFixed() },
    size: { amount: '0.001' },
    stopLoss: entry.minus(1500).toFixed(),
  })
  const id = answer.position.id
  await openApp(page, host)
  await page.getByTestId('tab-positions').click()
  await expect(page.getByTestId(`position-${id}`)).toHaveAttribute('data-state', 'pending', { timeout: 15_000 })
  const entryLine = page.getByTestId(`position-line-${id}-entry`)
  await expect(entryLine).toHaveAttribute('data-price', entry.toFixed(), { timeout: 15_000 })

  await dragBy(page, `position-line-drag-${id}-entry`, 40)
  const dialog = page.getByTestId('levels-dialog')
  await expect(dialog).toHaveAttribute('data-from', 'chart')
  const dropped = await dialog.getByTestId('levels-entry').inputValue()
  expect(new Decimal(dropped).lt(entry)).toBe(true)
  expect((await dialog.getByTestId('levels-change-entry').textContent())!.replace(/,/g, '')).toBe(`${entry.toFixed()} → ${dropped}`)
  await expect(dialog.getByTestId('levels-summary')).toContainText('The entry is cancelled at the exchange, then placed again at the new price once the cancel is confirmed')
  await shot(page, 'positions-chart-entry-confirm')
  const before = await demoStats(demo)
  await dialog.getByTestId('levels-confirm').click()
  await expect(dialog).toBeHidden()

  // At the exchange: the first entry CANCELLED, one new LIMIT at the dropped price for the same amount.
  await expect(entryLine).toHaveAttribute('data-price', dropped, { timeout: 15_000 })
  const ours = async () =>
    (await callApi<OrderRecord[]>(host, 'account.orders', { pair: PAIR, from: Date.now() - 3_600_000, to: Date.now() + 60_000 })).filter((o) => o.client_order_id?.startsWith(`${id}-`))
  await expect.poll(async () => (await ours()).map((o) => `${o.client_order_id}:${o.status}`).sort(), { timeout: 15_000 }).toEqual([`${id}-1:CANCELLED`, `${id}-2:OPEN`])
  const next = (await ours()).find((o) => o.client_order_id === `${id}-2`)!
  expect([next.type, new Decimal(next.price!).toFixed(), new Decimal(next.amount).toFixed()]).toEqual(['LIMIT', dropped, '0.001'])
  const after = await demoStats(demo)
  expect([after.orderRequests - before.orderRequests, after.cancelRequests - before.cancelRequests]).toEqual([1, 1])
  await shot(page, 'positions-chart-entry-moved')
})
