// The Journal tab against a demo exchange that holds still, its price driven by the admin endpoint
// through the book: three protected positions on BTC_USDT (master account: maker 0.05 %, taker
// 0.1 %, a buy's fee in BTC), each a LIMIT buy of 0.01 resting 20 under the best bid and filled by
// the drive down to it — one sold at its target (+R), one stopped out (about −1 R less fees), one
// closed by hand. The tab lists the three with R worked by hand from the exchange's own fills; a
// trade's card shows its chart (the picture the core saved) and keeps a tag; axe finds nothing serious in either theme.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import Decimal from 'decimal.js'
import { startWebHost, callApi, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { drivePrice, onlyProfileOn, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

let host: RunningHost
let demo: AdminDemo
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  demo = await startAdminDemo(47, { still: true })
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
})

interface Leg {
  role: string
  status: string
  orderId: string | null
}
interface Position {
  id: string
  state: string
  closedBy: string | null
  legs: Leg[]
}
interface Fill {
  amount: string
  price: string
  fee_amount: string
  fee_currency: string
  placement: { side: 'BUY' | 'SELL' | null; orderId: number | null }
}

const drive = (price: Decimal) => drivePrice(demo, 'BTC_USDT', price)
async function until(id: string, done: (p: Position) => boolean): Promise<Position> {
  let last: Position | undefined
  await expect
    .poll(
      async () => {
        last = (await callApi<Position[]>(host, 'positions.list')).find((p) => p.id === id)
        return last !== undefined && done(last)
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  return last!
}
const stopResting = (p: Position) => p.legs.some((l) => l.role === 'stop' && l.status === 'resting')

/** A LIMIT buy of 0.01 at 20 under the best bid (or the last price), filled by the drive down to it; resolves once its stop rests. */
async function openLong(stopBelow: number, targetAbove?: number): Promise<{ id: string; entry: Decimal; stop: Decimal }> {
  // under the best bid; where the drives before took every bid, under the last price
  const book = await callApi<{ buy: { price: string }[] }>(host, 'market.orderbook', { pair: 'BTC_USDT' })
  const [ticker] = await callApi<{ last: string }[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
  const bestBid = book.buy.reduce((best, l) => Decimal.max(best, l.price), new Decimal(0))
  const entry = (bestBid.gt(0) ? bestBid : new Decimal(ticker!.last)).minus(20).toDecimalPlaces(0, Decimal.ROUND_DOWN)
  const stop = entry.minus(stopBelow)
  const answer = await callApi<{ position: { id: string } }>(host, 'positions.protect', {
    pair: 'BTC_USDT',
    side: 'BUY',
    entry: { type: 'LIMIT', price: entry.toFixed() },
    size: { amount: '0.01' },
    stopLoss: stop.toFixed(),
    slippage: '5',
    ...(targetAbove !== undefined ? { takeProfits: [{ price: entry.plus(targetAbove).toFixed(), share: '100' }] } : {}),
  })
  const id = answer.position.id
  await drive(entry)
  await until(id, stopResting)
  return { id, entry, stop }
}

/**
 * R worked by hand from the exchange's fills of one position (one buy, one sell here):
 *   received = bought − the buy's fee in BTC; the sold coins cost bought × entry × sold ÷ received
 *   net      = sold × exit − the sell's fee (USDT) − that cost
 *   risk     = |entry − stop| × bought + entry × bought × 0.1 % + stop × bought × 0.1 %
 * (the planned rates: a LIMIT entry may take, 0.1 %; the stop's exit takes, 0.1 %); R = net ÷ risk.
 */
function handR(fills: Fill[], stop: Decimal): Decimal {
  const buy = fills.find((f) => f.placement.side === 'BUY')!
  const sell = fills.find((f) => f.placement.side === 'SELL')!
  const bought = new Decimal(buy.amount)
  const received = bought.minus(buy.fee_currency === 'BTC' ? buy.fee_amount : 0)
  const sold = new Decimal(sell.amount)
  const cost = bought.times(buy.price).times(sold).div(received)
  const net = sold
    .times(sell.price)
    .minus(sell.fee_currency === 'USDT' ? sell.fee_amount : 0)
    .minus(cost)
  const entry = new Decimal(buy.price)
  const risk = entry.minus(stop).abs().times(bought).plus(entry.times(bought).times('0.001')).plus(stop.times(bought).times('0.001'))
  return net.div(risk)
}

/** The fills of one position's orders. */
async function fillsOf(position: Position, from: number): Promise<Fill[]> {
  const ids = new Set(position.legs.map((l) => Number(l.orderId)))
  const all = await callApi<Fill[]>(host, 'account.trades', { pair: 'BTC_USDT', from, to: Date.now() + 60_000 })
  return all.filter((f) => f.placement.orderId !== null && ids.has(f.placement.orderId))
}

async function axeSerious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="journal"]').analyze()
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.any[0]?.message ?? ''}`)
}

test('three closed positions in the Journal tab: at the target +R, stopped out about −1 R, by hand; R worked by hand; a tag kept; axe-clean in both themes', async ({ page }) => {
  test.setTimeout(180_000)
  await onlyProfileOn(host, demo, 'Journal')
  const from = Date.now() - 60_000

  // At its target, 300 above: the target's sell (5 under it) rests, and the next buyer takes it.
  const won = await openLong(300, 300)
  await drive(won.entry.plus(300))
  await until(won.id, (p) => p.legs.some((l) => l.role === 'target' && l.status === 'resting'))
  await drive(won.entry.plus(301))
  expect((await until(won.id, (p) => p.state === 'closed')).closedBy).toBe('target')

  // Stopped out, 300 under: the drive to the stop triggers it; its limit (5 under) sells to the bids
  // there, or to the next buyer.
  const lost = await openLong(300)
  await drive(lost.stop)
  await drive(lost.stop.plus(10))
  expect((await until(lost.id, (p) => p.state === 'closed')).closedBy).toBe('stop')

  // By hand: the closing sell (5 under the last price) takes the bids there, or the next buyer.
  const manual = await openLong(400)
  await callApi(host, 'positions.close', { id: manual.id })
  await drive(manual.entry.plus(10))
  expect((await until(manual.id, (p) => p.state === 'closed')).closedBy).toBe('manual')

  const positions = await callApi<Position[]>(host, 'positions.list')
  const expected = await Promise.all(
    [won, lost, manual].map(async (t) => ({
      id: t.id,
      r: handR(
        await fillsOf(
          positions.find((p) => p.id === t.id)!,
          from,
        ),
        t.stop,
      ),
    })),
  )
  const [rWon, rLost] = expected.map((e) => e.r)
  expect(rWon!.gt(0), `at the target: +R (${rWon})`).toBe(true)
  // the stop sells to the bids the drive left at or under it: about −1 R (a little better or worse)
  expect(rLost!.gt(-1.2) && rLost!.lt(-0.8), `stopped out: about −1 R (${rLost})`).toBe(true)

  await openApp(page, host)
  await page.getByTestId('tab-journal').click()
  const panel = page.getByTestId('journal')
  const rows = panel.getByTestId('journal-row')
  await expect(rows).toHaveCount(3, { timeout: 30_000 })
  // newest first (by hand, the stop, the target); each R as shown is the hand-worked R to 2 places
  const asShown = (text: string | null) => Number((text ?? '').replace('−', '-').replace(/[^\d.+-]/g, ''))
  for (const [i, e] of [...expected].reverse().entries()) {
    await expect.poll(async () => asShown(await rows.nth(i).locator('td').nth(6).textContent())).toBe(Number(e.r.toFixed(2)))
  }
  await expect(rows.nth(0)).toContainText('closed by hand')
  await expect(rows.nth(1)).toContainText('stopped out')
  await expect(rows.nth(2)).toContainText('at its target')
  await expect(panel.getByTestId('journal-stats').locator('[data-stat="count"] dd')).toHaveText('3')
  await shot(page, 'journal-list')

  // The card of the trade at its target: its chart, its figures, a tag and a note that stay.
  await rows.nth(2).focus()
  await page.keyboard.press('Enter')
  const card = panel.getByTestId('journal-card')
  await expect(card.getByTestId('journal-card-exit')).toHaveText('at its target')
  expect(asShown(await card.getByTestId('journal-card-r').textContent())).toBe(Number(expected[0]!.r.toFixed(2)))
  // its chart is the picture the core saved as the trade closed (made as the journal was read): an
  // <img> of an SVG data: URL, which the page's CSP lets load
  const picture = card.getByTestId('journal-card-picture')
  await expect(picture).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/)
  await expect.poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0)
  await expect(card.getByTestId('journal-card-chart-caption')).toContainText('as the trade closed')
  await card.getByTestId('journal-card-tags').locator('input').fill('breakout A+')
  await card.getByTestId('journal-card-note').locator('textarea').fill('waited for the retest')
  await card.getByTestId('journal-card-save').click()
  await expect(card.getByTestId('journal-card-saved')).toHaveText('Saved.')
  await expect(rows.nth(2)).toContainText('breakout A+')
  await shot(page, 'journal')

  for (const theme of ['dark', 'light'] as const) {
    if (((await page.evaluate("document.documentElement.dataset.theme ?? 'dark'")) as string) !== theme) await page.getByTestId('theme-toggle').click()
    await expect.poll(() => page.evaluate("document.documentElement.dataset.theme ?? 'dark'")).toBe(theme)
    await page.waitForTimeout(400) // the colours at rest after the switch
    expect(await axeSerious(page), `axe, ${theme} theme`).toEqual([])
  }
  await shot(page, 'journal-light')

  // The tag is the core's: read again, it is there, and the tag filter finds the trade.
  const answer = await callApi<{ trades: { id: string; tags: string[]; note: string }[] }>(host, 'journal.get', { from, tag: 'breakout' })
  expect(answer.trades.map((t) => [t.tags, t.note])).toEqual([[['breakout', 'A+'], 'waited for the retest']])
})
