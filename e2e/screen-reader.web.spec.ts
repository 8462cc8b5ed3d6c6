// What a screen reader gets that the eye gets from colour and canvas: the charts' names and their
// text summaries (current, not spoken on every tick), the live region's announcements of orders
// placed and refused (each once, a refusal with the exchange's reason), and the sides and directions
// in words or arrows.
import { test, expect, type Page } from '@playwright/test'
import { bestPrices, openApp, placedOrderId, readReadout, shot, useWebHost } from './helpers'
import { callApi, type RunningHost } from './web-host'

let host: RunningHost
useWebHost((started) => (host = started))

/** The summary, the price above the chart and the readout's O H L C, read in one go (the market moves). */
const READ_CHART = `(() => {
  const q = (s) => document.querySelector(s)
  return {
    summary: q('[data-testid="chart-summary"]')?.textContent ?? '',
    last: q('[data-testid="ticker-last"]')?.textContent.trim() ?? '',
    ohlc: [...document.querySelectorAll('[data-testid="chart-readout"] span > b')].slice(0, 4).map((b) => b.textContent.trim()),
  }
})()`

test('the candle chart is an image with a name, described by a hidden summary of the current last price and the newest candle', async ({ page }) => {
  await openApp(page, host)
  const image = page.getByRole('img', { name: /^BTC\/USDT candles, (1m|5m|15m|30m|4h|1D)$/ })
  await expect(image).toHaveCount(1)
  await expect(image).toHaveAccessibleDescription(
    /^Last price [\d,.]+ USDT\. 24 h change: (up|down|unchanged), [+-]?\d+\.\d\d %\. Newest candle: open [\d,.]+, high [\d,.]+, low [\d,.]+, close [\d,.]+\.$/,
  )
  // The summary says what the screen shows, figure for figure, however the market moves meanwhile.
  await expect
    .poll(async () => {
      const { summary, last, ohlc } = (await page.evaluate(READ_CHART)) as { summary: string; last: string; ohlc: string[] }
      const [o, h, l, c] = ohlc
      return summary.includes(`Last price ${last} USDT.`) && summary.includes(`open ${o}, high ${h}, low ${l}, close ${c}.`) ? 'same' : `${summary} | ${last} | ${ohlc.join(' ')}`
    })
    .toBe('same')
  expect((await readReadout(page)).close).toBeGreaterThan(0)
  // Out of sight, and no live region: it is read when the trader reaches it, never spoken per tick.
  const summary = page.getByTestId('chart-summary')
  const box = (await summary.boundingBox())!
  expect(box.width * box.height).toBeLessThanOrEqual(1)
  expect(await summary.evaluate((el) => (el as unknown as { closest(s: string): unknown }).closest('[aria-live], [role="log"], [role="status"]'))).toBeNull()
  // The 1h interval renames it.
  await page.getByTestId('interval-60').click()
  await expect(page.getByRole('img', { name: 'BTC/USDT candles, 1h' })).toHaveCount(1)
})

test('the depth chart is named and described by the best prices of the book beside it', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('chart-view-depth').click()
  const image = page.getByRole('img', { name: /^BTC\/USDT depth chart/ })
  await expect(image).toBeVisible()
  await expect(image).toHaveAccessibleDescription(/^Best bid [\d,.]+, best ask [\d,.]+\. Bids [\d,.]+ BTC in \d+ levels?, asks [\d,.]+ BTC in \d+ levels?\.$/)
  const { bid } = await bestPrices(host, 'BTC_USDT')
  const described = Number(/Best bid ([\d,.]+)/.exec((await page.getByTestId('depth-summary').textContent()) ?? '')![1]!.replace(/,/g, ''))
  expect(Math.abs(described - bid) / bid).toBeLessThan(0.01) // the book moves between the two reads
})

/** The live region's messages now. */
const said = (page: Page): Promise<string[]> => page.getByTestId('announcer').locator('p').allTextContents()

async function sendLimitBuy(page: Page, price: string, amount: string): Promise<void> {
  await page.getByTestId('order-type-LIMIT').click()
  await page.getByTestId('order-side-BUY').click()
  await page.getByTestId('limit-price').fill(price)
  await page.getByTestId('base-amount').fill(amount)
  await page.getByTestId('order-submit').click()
  await page.getByTestId('order-confirm-ok').click()
}

test('the live region says a placed order and a refused one (with the exchange’s reason), each once', async ({ page }) => {
  await openApp(page, host)
  const region = page.getByTestId('announcer')
  await expect(region).toHaveAttribute('aria-live', 'polite')
  const { bid } = await bestPrices(host, 'BTC_USDT')
  const price = (Math.floor(bid * 0.5 * 100) / 100).toFixed(2)

  await sendLimitBuy(page, price, '0.001')
  const id = await placedOrderId(page)
  await expect(region.locator('p')).toHaveText([`Order placed: buy limit 0.001 BTC/USDT at ${price}, #${id}`])

  // 50 BTC at half the price: far more USDT than the demo account holds. The form only warns (the
  // balance it shows may lag); the exchange refuses, and its reason is said.
  await sendLimitBuy(page, price, '50')
  await expect(region.locator('p')).toHaveText([
    /^Order placed:/,
    new RegExp(`^Order refused: buy limit 50 BTC/USDT at ${price.replace('.', '\\.')}\\. .*needs [\\d.]+ USDT but only [\\d.]+ USDT is available`),
  ])
  await shot(page, 'screen-reader-refused-order')

  // Later frames and notices about the same orders add nothing: each said once.
  await page.waitForTimeout(3_000)
  const messages = await said(page)
  expect(new Set(messages).size, `announced twice: ${messages.join(' | ')}`).toBe(messages.length)
  expect(messages).toHaveLength(2)
  await callApi(host, 'orders.cancel', { order_ids: [id] })
})

test('sides and directions carry a word or an arrow, not only a colour', async ({ page }) => {
  await openApp(page, host)
  // every trade row: an arrow on screen, the side's word for a screen reader
  const row = page.locator('[data-testid^="trade-"]').first()
  await expect(row.locator('.mark')).toHaveText(/^[↑↓]$/)
  await expect(row.locator('.visually-hidden')).toHaveText(/^(buy|sell)\s?$/)
  await expect(row.locator('.mark')).toHaveAttribute('aria-hidden', 'true')
  // the day's change in the pair list: an arrow and a sign, or a flat 0.00 %
  for (const text of await page.locator('[data-testid^="pair-item-"] span.num:last-child').allTextContents()) expect(text.trim()).toMatch(/^(↑ \+|↓ -)\d+\.\d\d %$|^0\.00 %$|^$/)
  // the order book's sides are named
  await expect(page.getByRole('list', { name: /^Asks: sell orders/ })).toHaveCount(1)
  await expect(page.getByRole('list', { name: /^Bids: buy orders/ })).toHaveCount(1)
})
