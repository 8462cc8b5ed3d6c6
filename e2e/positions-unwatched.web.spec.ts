// Protected positions while no keeper runs, in the window: the web host (and with it the terminal's
// keeper) is stopped, the market moves through a level, and the host starts again on the same data
// directory. A stop that rests at the exchange fires by itself: the window shows the position closed
// by stop, and the exchange's orders agree. A target crossed while nobody watched is never sold
// blindly: the position says what happened and offers the action; carrying on sells at the next price.
import { test, expect, type Page } from '@playwright/test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Decimal from 'decimal.js'
import type { Position } from '../electron/domain/protection/types'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { demoStats, drivePrice, onlyProfileOn, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'
import { exchangeOrdersOf, expectExchangeSane, lockTouchedAt, PAIR, priceToBuy, RECEIVED } from './keeper-process'

let demo: AdminDemo
let host: RunningHost | undefined
let profileId = ''
const dataDir = mkdtempSync(join(tmpdir(), 'terminal-unwatched-'))
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  demo = await startAdminDemo(71, { still: true })
  host = await startWebHost({ dataDir })
  profileId = await onlyProfileOn(host, demo, 'Still')
})
test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
  rmSync(dataDir, { recursive: true, force: true })
})

/**
 * Opens a protected LIMIT buy of 0.01 at the ask that fills it at once, its stop 600 under,
 * its targets `over` the entry; resolves once the stop rests at the exchange.
 */
async function protectNow(targets: { over: number; share: string }[]): Promise<{ id: string; entry: Decimal; stop: Decimal }> {
  const entry = await priceToBuy(demo, PAIR, '0.01')
  const stop = entry.minus(600)
  const answer = await callApi<{ position: Position }>(host!, 'positions.protect', {
    pair: PAIR,
    side: 'BUY',
    entry: { type: 'LIMIT', price: entry.toFixed() },
    size: { amount: '0.01' },
    stopLoss: stop.toFixed(),
    takeProfits: targets.map((t) => ({ price: entry.plus(t.over).toFixed(), share: t.share })),
  })
  const id = answer.position.id
  await expect
    .poll(async () => (await callApi<Position[]>(host!, 'positions.list')).find((p) => p.id === id)?.legs.some((l) => l.role === 'stop' && l.status === 'resting'), { timeout: 20_000 })
    .toBe(true)
  return { id, entry, stop }
}

/** Stops the web host, and with it the only keeper: its lock is let go. */
async function stopEveryKeeper(): Promise<void> {
  await host!.stop()
  host = undefined
  expect(lockTouchedAt(join(dataDir, 'positions', `${profileId}.json`)), 'no keeper holds the positions').toBeNull()
}

const cardOf = (page: Page, id: string) => page.getByTestId(`position-${id}`)

/** The last lines of the terminal's log in this spec's data directory (logs/terminal.log), or why there are none. */
function hostLogTail(lines = 40): string {
  try {
    return readFileSync(join(dataDir, 'logs', 'terminal.log'), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .join('\n')
  } catch (error) {
    return `(no log: ${String(error)})`
  }
}

test('a position stopped out while no keeper ran: the window shows it closed by stop, as the exchange has it', async ({ page }) => {
  test.setTimeout(90_000)
  const { id, entry, stop } = await protectNow([])
  await stopEveryKeeper()

  // Through the stop with nobody watching: the STOP_LIMIT rests at the exchange, triggers, and its
  // limit sells when a buyer comes back to it.
  const limit = stop.minus(entry.times('0.005').toDecimalPlaces(2, Decimal.ROUND_UP))
  await drivePrice(demo, PAIR, limit.minus(10))
  await drivePrice(demo, PAIR, limit)
  const stopOrder = (await exchangeOrdersOf(demo, PAIR, id)).find((o) => o.type === 'STOP_LIMIT')
  expect(stopOrder?.status, 'the exchange filled the stop by itself').toBe('FILLED')

  const before = await demoStats(demo)
  host = await startWebHost({ dataDir })
  await openApp(page, host)
  await page.getByTestId('tab-positions').click()
  const card = cardOf(page, id)
  await expect(card)
    .toHaveAttribute('data-state', 'closed', { timeout: 20_000 })
    .catch((error: Error) => {
      // Seen once in a full run (the card stayed "open"), never alone: the failure carries the keeper's side.
      throw new Error(`${error.message}\nthe web host's log, last lines:\n${hostLogTail()}`)
    })
  await expect(card.getByTestId('position-protection')).toHaveText('closed by stop')
  await expect(card.getByTestId('position-filled')).toHaveAttribute('data-value', '0.01')
  await expect(card.getByTestId('position-exited')).toHaveAttribute('data-value', RECEIVED)
  await expect(card.getByTestId('position-stop')).toHaveAttribute('data-value', stop.toFixed())
  await expect(card.getByTestId('position-story')).toHaveText(`How it ended: the exchange’s stop (stop ${stop.toFixed()}, limit ${limit.toFixed()}) sold ${RECEIVED} BTC.`)
  await expect(card.getByTestId('position-close')).toHaveCount(0)
  await expect(card.getByTestId('position-attention')).toHaveCount(0)
  await shot(page, 'positions-stopped-unwatched')
  // the restart only read: nothing was sent, and the exchange holds nothing of it
  const after = await demoStats(demo)
  expect(after.orderRequests - before.orderRequests).toBe(0)
  expect(after.cancelRequests - before.cancelRequests).toBe(0)
  expect(await expectExchangeSane(demo, PAIR, id)).toMatchObject({ bought: '0.01', sold: RECEIVED, resting: '0' })
})

test('a target crossed while no keeper ran is not sold blindly: the position says so and offers the action', async ({ page }) => {
  test.setTimeout(90_000)
  const { id, entry } = await protectNow([{ over: 600, share: '50' }])
  const target = entry.plus(600)
  await stopEveryKeeper()
  await drivePrice(demo, PAIR, target.plus(50))

  const before = await demoStats(demo)
  host = await startWebHost({ dataDir })
  await openApp(page, host)
  await page.getByTestId('tab-positions').click()
  const card = cardOf(page, id)
  const attention = card.getByTestId('position-attention')
  // the price as the window writes it, grouped: 62,622
  const shown = target.plus(50).toNumber().toLocaleString('en-US')
  await expect(attention).toContainText(`The price (${shown}) went past a target while no terminal watched: nothing was sold on it.`, { timeout: 20_000 })
  await expect(attention.getByTestId('position-acknowledge')).toHaveText('Carry on')
  await expect(card.getByTestId('position-close')).toBeVisible()
  await expect(card.getByTestId('position-target-0')).toHaveAttribute('data-state', 'waiting')
  await expect(card).toHaveAttribute('data-state', 'open')
  // the exchange's stop still rests: the words say so, not "unprotected"
  await expect(card.getByTestId('position-protection')).toHaveText('protected by the exchange; a level was crossed while no terminal ran: you decide')
  await shot(page, 'positions-target-unwatched')
  // nothing was sold or cancelled on it: the exchange's stop still rests for the whole position
  const held = await expectExchangeSane(demo, PAIR, id)
  expect(held).toMatchObject({ bought: '0.01', sold: '0', resting: RECEIVED })
  expect(held.live.map((o) => o.type)).toEqual(['STOP_LIMIT'])
  const seen = await demoStats(demo)
  expect(seen.orderRequests - before.orderRequests).toBe(0)
  expect(seen.cancelRequests - before.cancelRequests).toBe(0)

  // The trader carries on: the next price is acted on as usual — the stop is cancelled, half is sold, a new stop covers the rest.
  await attention.getByTestId('position-acknowledge').click()
  await expect(attention).toHaveCount(0)
  await drivePrice(demo, PAIR, target.plus(60))
  await expect(card.getByTestId('position-target-0')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  await expect(card.getByTestId('position-protection')).toHaveText('protected by the exchange', { timeout: 20_000 })
  const after = await demoStats(demo)
  expect(after.cancelRequests - before.cancelRequests).toBe(1)
  expect(after.orderRequests - before.orderRequests).toBe(2)
  expect(await expectExchangeSane(demo, PAIR, id)).toMatchObject({ bought: '0.01', resting: RECEIVED })
})
