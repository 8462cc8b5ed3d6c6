// A stop-limit that gaps, in the window, against the demo exchange in its own process: coins held
// and protected (an OCO), their STOP_LIMIT resting at the exchange, then the market driven past the
// stop *and* its limit. With the window's keeper running, the card says the gap in words at once,
// never "protected by the exchange", and the market fallback closes the position: "closed by stop,
// by the fallback: market"; its history says what the terminal did, in its own words, and when.
// With no keeper running at the gap, the host that starts later finds the triggered, unfilled stop
// and follows the fallback the same way. Another trader's bid under the gap is the market it sells into.
import { test, expect, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Decimal from 'decimal.js'
import type { Position } from '../electron/domain/protection/types'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { drivePrice, onlyProfileOn, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'
import { LIVE_ORDER_STATUSES } from '../electron/domain/wire/wire'
import { cli, exchangeOrdersOf, lastPrice, PAIR } from './keeper-process'

let demo: AdminDemo
let host: RunningHost | undefined
const dataDir = mkdtempSync(join(tmpdir(), 'terminal-gap-'))
const otherDir = mkdtempSync(join(tmpdir(), 'terminal-gap-other-'))
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  demo = await startAdminDemo(73, { still: true })
  host = await startWebHost({ dataDir })
  await onlyProfileOn(host, demo, 'Gap')
})
test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(otherDir, { recursive: true, force: true })
})

/** Another trader (a sub-account of the demo, through the CLI) bids 0.05 BTC at `price`. */
async function otherBids(price: Decimal): Promise<void> {
  const sub = demo.accounts.find((a) => a.parentId !== null)!
  const args = ['place-order', '--base-url', demo.baseUrl, '--pair', PAIR, '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '0.05', '--limit-price', price.toFixed()]
  await cli({ dataDir: otherDir }, args, { TERMINAL_API_KEY: sub.apiKey, TERMINAL_API_SECRET: sub.apiSecret })
}

/** Protects 0.01 BTC already held, its stop 400 under the market (limit 20 further); resolves once the stop rests at the exchange. */
async function protectHeld(): Promise<{ id: string; stop: Decimal; limit: Decimal }> {
  const market = (await lastPrice(demo, PAIR)).toDecimalPlaces(0)
  const stop = market.minus(400)
  const limit = stop.minus(20)
  const answer = await callApi<{ position: Position }>(host!, 'positions.protect', {
    pair: PAIR,
    side: 'BUY',
    entry: { type: 'HELD', amount: '0.01' },
    stopLoss: stop.toFixed(),
    stopLimit: limit.toFixed(),
    stopFallback: 'market',
  })
  const id = answer.position.id
  await expect
    .poll(async () => (await callApi<Position[]>(host!, 'positions.list')).find((p) => p.id === id)?.legs.some((l) => l.role === 'stop' && l.status === 'resting'), { timeout: 20_000 })
    .toBe(true)
  return { id, stop, limit }
}

const cardOf = (page: Page, id: string) => page.getByTestId(`position-${id}`)

/** The position's orders as the exchange has them: what they sold (coins held: nothing was bought) and which still rest. */
async function atExchange(id: string): Promise<{ sold: string; live: string[] }> {
  const orders = await exchangeOrdersOf(demo, PAIR, id)
  const sold = orders.filter((o) => o.side === 'ASK').reduce((s, o) => s.plus(String(o.amount_filled ?? '0')), new Decimal(0))
  return { sold: sold.toFixed(), live: orders.filter((o) => LIVE_ORDER_STATUSES.includes(o.status)).map((o) => o.type) }
}

async function expectClosedByFallback(page: Page, id: string, stop: Decimal): Promise<void> {
  const card = cardOf(page, id)
  await expect(card).toHaveAttribute('data-state', 'closed', { timeout: 20_000 })
  await expect(card.getByTestId('position-protection')).toHaveText(/^closed by stop, by the fallback: market, sent at [\d.]+ \([\d.]+ % below the stop\)$/)
  await expect(card.getByTestId('position-exited')).toHaveAttribute('data-value', '0.01')
  // what the terminal did on its own, in its own words, each with its time
  const history = card.getByTestId('position-history')
  await history.locator('summary').click()
  await expect(history).toContainText(`The terminal cancelled the stop (stop ${stop.toFixed()}, limit`)
  await expect(history).toContainText('to sell at market')
  await expect(history).toContainText('The stop gapped: the terminal sells 0.01 BTC at market')
  await expect(history.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
  // exactly what was held was sold, never more, and nothing of it rests
  expect(await atExchange(id)).toEqual({ sold: '0.01', live: [] })
}

test('a gap with the keeper running: said in words at once, never “protected”, and closed at market by the fallback', async ({ page }) => {
  test.setTimeout(90_000)
  await openApp(page, host!)
  await page.getByTestId('tab-positions').click()
  const { id, stop, limit } = await protectHeld()
  const card = cardOf(page, id)
  await expect(card.getByTestId('position-protection')).toHaveText('protected by the exchange')
  await otherBids(limit.minus(700)) // the market the fallback sells into, under the gap
  await drivePrice(demo, PAIR, limit.minus(600))
  await expectClosedByFallback(page, id, stop)
  // the news came to the window as a notice of its own, not a plain "Order cancelled"
  await expect(page.locator('.n-notification').filter({ hasText: 'The stop gapped' }).first()).toBeVisible()
  await shot(page, 'positions-gap-closed')
})

test('a gap while no keeper ran: the host started later finds the unfilled stop and follows the fallback', async ({ page }) => {
  test.setTimeout(90_000)
  const { id, stop, limit } = await protectHeld()
  await host!.stop()
  host = undefined
  await otherBids(limit.minus(700))
  await drivePrice(demo, PAIR, limit.minus(600))
  expect(await atExchange(id), 'the triggered stop-limit rests unfilled').toEqual({ sold: '0', live: ['STOP_LIMIT'] })

  host = await startWebHost({ dataDir })
  await openApp(page, host)
  await page.getByTestId('tab-positions').click()
  await expectClosedByFallback(page, id, stop)
  await shot(page, 'positions-gap-unwatched')
})
