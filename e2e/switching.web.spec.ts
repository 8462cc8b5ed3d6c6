// Switching between two exchanges: the embedded demo (A) and a second demo exchange with another
// seed (B, its prices apart from A's). After every switch, what the window shows — the pair list's
// last price, the candles under the crosshair, every recent trade, the connection light — belongs
// to the active exchange, read against that exchange's own REST answers. Then recovery: a start on
// an unreachable exchange, a switch to one that works, and back, all without a reload.
import { createServer } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import type { ProfileView } from '../electron/domain/api/api'
import { startDemoExchange, type DemoExchange } from '../electron/demo-exchange/server'
import { callApi, startWebHost, windowUrl, type RunningHost } from './web-host'
import { openApp, parseShown, readReadout, session, shot } from './helpers'

const PAIR = 'BTC_USDT'

interface RestCandle {
  time: number
  open: number
  high: number
  low: number
  close: number
}
interface RestTrade {
  id: number
  price: string
}
interface RestTicker {
  last: string | null
}

/** Public market data straight from an exchange, not through the terminal. */
async function rest<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`)
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`)
  return (await res.json()) as T
}
const lastPrice = async (baseUrl: string) => Number((await rest<RestTicker>(baseUrl, `/ticker?pair=${PAIR}`)).last)

/** A loopback URL where nothing listens: an exchange that cannot be reached. */
async function deadBaseUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/api/v3`
}

async function chooseProfile(page: Page, name: string): Promise<void> {
  await page.getByTestId('profile-select').click()
  await page.locator('.n-base-select-option', { hasText: name }).click()
  await expect(page.getByTestId('profile-select')).toContainText(name)
}

/** The OHLC under the crosshair at `fraction` of the chart's width (the price pane's middle). */
async function candleUnderCrosshair(page: Page, fraction: number) {
  const box = (await page.getByTestId('chart').locator('.host').boundingBox())!
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height * 0.35)
  await page.waitForTimeout(60)
  return readReadout(page)
}

/** True when `shown` (rounded to `places` decimals on screen) is `value`. */
const same = (shown: number, value: number, places: number) => Math.abs(shown - value) <= 0.5 * 10 ** -places + 1e-9

test.describe('two exchanges', () => {
  let host: RunningHost
  let b: DemoExchange
  let a: { id: string; baseUrl: string }
  let profileB: ProfileView

  test.beforeAll(async () => {
    host = await startWebHost()
    b = await startDemoExchange({ port: 0, seed: 7 })
    const demo = (await session(host)).profile!
    a = { id: demo.id, baseUrl: demo.baseUrl }
    const master = b.accounts.find((x) => x.parentId === null)!
    profileB = await callApi<ProfileView>(host, 'profiles.create', { name: 'Exchange B', baseUrl: b.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
  })
  test.afterAll(async () => {
    await host?.stop()
    await b?.close()
  })

  /** Checks that pair list, chart and trades show `baseUrl`'s market and not `otherUrl`'s. */
  async function expectMarketOf(page: Page, name: string, baseUrl: string, otherUrl: string, places: number): Promise<void> {
    await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'online')
    await expect(page.getByTestId('connection-status')).not.toHaveAttribute('data-market-state', /offline|retrying/)
    // The account too: its balances, without an error left over from the switch.
    await expect(page.getByTestId('balance-row-BTC-SPOT')).toBeVisible()
    await expect(page.locator('.table-alert')).toHaveCount(0)

    // The pair list's last price: the active exchange's, not the other's.
    const cell = page.getByTestId(`pair-item-${PAIR}`).locator('.num').first()
    await expect(cell).toHaveText(/\d/)
    const shownLast = parseShown(await cell.textContent())
    const [own, other] = [await lastPrice(baseUrl), await lastPrice(otherUrl)]
    expect(Math.abs(shownLast - own) / own, `${name}: pair list shows ${shownLast}, the exchange ${own}`).toBeLessThan(0.01)
    expect(Math.abs(shownLast - other) / other, `${name}: pair list shows the other exchange's ${other}`).toBeGreaterThan(0.02)

    // Candles under the crosshair, across the chart: each is one of the active exchange's.
    const interval = (await page.locator('[data-testid^="interval-"][aria-pressed="true"]').getAttribute('data-testid'))!.slice('interval-'.length)
    const candles = await rest<RestCandle[]>(baseUrl, `/charts?pair=${PAIR}&interval=${interval}&limit=500`)
    // The live candle moves (and a new one may have begun since it was read): its open does not.
    const live = candles.slice(-2)
    for (const fraction of [0.1, 0.25, 0.4, 0.55, 0.7, 0.85]) {
      const shown = await candleUnderCrosshair(page, fraction)
      const match = candles.find((c) =>
        live.includes(c)
          ? same(shown.open, c.open, places)
          : same(shown.open, c.open, places) && same(shown.high, c.high, places) && same(shown.low, c.low, places) && same(shown.close, c.close, places),
      )
      expect(match, `${name}: the candle under the crosshair at ${fraction} (${JSON.stringify(shown)}) is not one of this exchange's`).toBeDefined()
    }
    await page.mouse.move(5, 5)

    // Every recent trade shown is one of the active exchange's (same id, same price).
    const rows = page.getByTestId('trades-table').locator('[data-testid^="trade-"]')
    await expect(rows.first()).toBeVisible()
    const shownTrades = await rows.evaluateAll((els) => els.map((el) => ({ id: Number(el.getAttribute('data-testid')!.slice('trade-'.length)), price: el.querySelector('.price')!.textContent ?? '' })))
    const trades = new Map((await rest<RestTrade[]>(baseUrl, `/trades?pair=${PAIR}&limit=1000`)).map((t) => [t.id, Number(t.price)]))
    expect(shownTrades.length).toBeGreaterThan(0)
    for (const t of shownTrades) {
      const price = trades.get(t.id)
      expect(price !== undefined && same(parseShown(t.price), price, places), `${name}: trade #${t.id} at ${t.price} is not this exchange's`).toBe(true)
    }
  }

  test('after each switch, prices, candles, trades and the light belong to the active exchange', async ({ page }) => {
    test.setTimeout(180_000)
    // The two markets must be told apart by price for this test to mean anything.
    const [pa, pb] = [await lastPrice(a.baseUrl), await lastPrice(b.baseUrl)]
    expect(Math.abs(pa - pb) / pa, `A at ${pa}, B at ${pb}`).toBeGreaterThan(0.03)
    const pairs = await rest<Array<{ name: string; price_precision: number }>>(a.baseUrl, '/pairs')
    const places = pairs.find((p) => p.name === PAIR)!.price_precision

    await openApp(page, host)
    await page.evaluate(() => ((globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true))
    await expectMarketOf(page, 'A at start', a.baseUrl, b.baseUrl, places)
    for (let round = 1; round <= 3; round++) {
      await chooseProfile(page, 'Exchange B')
      expect((await session(host)).profile?.id).toBe(profileB.id)
      await expectMarketOf(page, `B, round ${round}`, b.baseUrl, a.baseUrl, places)
      if (round === 1) await shot(page, 'switching-to-b')
      await chooseProfile(page, 'Demo')
      expect((await session(host)).profile?.id).toBe(a.id)
      await expectMarketOf(page, `A, round ${round}`, a.baseUrl, b.baseUrl, places)
      if (round === 1) await shot(page, 'switching-back-to-a')
    }
    // All of it without a reload of the page.
    expect(await page.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true)
  })
})

test('a start on an unreachable exchange, then the demo: its market shows without a reload; back: "unreachable", not the old chart', async ({ page }) => {
  test.setTimeout(120_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'terminal-e2e-unreachable-'))
  // First run: the demo profile exists; add one whose exchange is gone and make it the active one.
  const first = await startWebHost({ dataDir })
  const gone = await callApi<ProfileView>(first, 'profiles.create', { name: 'Gone exchange', baseUrl: await deadBaseUrl(), apiKey: 'k'.repeat(24), apiSecret: 's'.repeat(40) })
  await callApi(first, 'profiles.activate', { id: gone.id })
  await first.stop()

  const host = await startWebHost({ dataDir })
  try {
    expect((await session(host)).profile?.id).toBe(gone.id)
    await page.goto(await windowUrl(host))
    await expect(page.getByTestId('unreachable-note')).toContainText('Gone exchange is unreachable', { timeout: 20_000 })
    await expect(page.getByTestId('view-only-note')).toHaveCount(0)
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'offline')
    await expect(page.getByTestId('pairs-error')).toBeVisible()
    await expect(page.getByTestId('chart-readout')).toHaveCount(0)
    await shot(page, 'start-unreachable')
    await page.evaluate(() => ((globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true))

    // The demo: pairs, chart and trades at once, no reload.
    await chooseProfile(page, 'Demo')
    await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId(`pair-item-${PAIR}`)).toBeVisible()
    await expect(page.getByTestId('trades-table').locator('[data-testid^="trade-"]').first()).toBeVisible()
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'online')
    await expect(page.getByTestId('unreachable-note')).toHaveCount(0)
    await shot(page, 'unreachable-then-demo')

    // Back to the unreachable one: it says so; the demo's chart does not stay under a green light.
    await chooseProfile(page, 'Gone exchange')
    await expect(page.getByTestId('chart-readout')).toHaveCount(0)
    await expect(page.getByTestId('trades-table').locator('[data-testid^="trade-"]')).toHaveCount(0)
    await expect(page.getByTestId('unreachable-note')).toContainText('unreachable', { timeout: 20_000 })
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'offline')
    await expect(page.getByTestId('connection-status')).not.toContainText('Account online')
    await expect(page.getByTestId('view-only-note')).toHaveCount(0)
    await expect(page.getByTestId('view-only-badge')).toHaveCount(0)
    await expect(page.getByTestId('order-submit-reason')).toContainText('unreachable')
    await shot(page, 'back-to-unreachable')
    expect(await page.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true)
  } finally {
    await host.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
