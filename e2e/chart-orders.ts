// Orders on the chart, for the specs that trade there (chart-trading, popout-trading): a resting limit
// buy placed through the API where the chart shows it, the account's orders of a pair, and a drag of an
// order line by the mouse.
import type { Page } from '@playwright/test'
import type { AccountSnapshot, PlaceOrderResult } from '../electron/domain/api/api'
import type { Pair, Ticker } from '../electron/domain/wire/wire'
import { callApi, type RunningHost } from './web-host'

export const LIVE = ['PENDING', 'OPEN', 'PARTIAL_FILLED']

/** The exchange's record of a pair (its precisions and minimum size). */
export async function pairOf(host: RunningHost, pairName: string): Promise<Pair> {
  return (await callApi<Pair[]>(host, 'market.pairs')).find((p) => p.name === pairName)!
}

/** A limit order of the pair's minimum size at `price`, placed through the API (it rests where nothing crosses it). */
export async function placeLimit(host: RunningHost, pair: Pair, side: 'BUY' | 'SELL', price: string): Promise<{ id: number; price: string }> {
  const placed = await callApi<PlaceOrderResult>(host, 'orders.place', {
    pair: pair.name,
    order_type: 'LIMIT',
    order_side: side,
    wallet_type: 'SPOT',
    base_amount: pair.minimum_order_size,
    limit_price: price,
  })
  if (placed.outcome !== 'placed') throw new Error('not placed')
  return { id: placed.orderIds[0]!, price }
}

/** A resting limit buy a little under the bid (inside the chart's price range), placed through the API. */
export async function restingBuy(host: RunningHost, pairName: string): Promise<{ id: number; price: string }> {
  const pair = await pairOf(host, pairName)
  const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: pairName })
  return placeLimit(host, pair, 'BUY', (Number(ticker!.buy) * 0.998).toFixed(pair.price_precision))
}

/** The account's orders of a pair, as the core has them. */
export async function ordersOf(host: RunningHost, pair: string) {
  const snapshot = await callApi<AccountSnapshot>(host, 'account.snapshot')
  return (snapshot.orders ?? []).filter((o) => o.pair === pair)
}

/** Drags the element `testId` by `dy` pixels, in eight steps, as a hand would. */
export async function dragBy(page: Page, testId: string, dy: number): Promise<void> {
  const box = (await page.getByTestId(testId).boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let i = 1; i <= 8; i++) await page.mouse.move(x, y + (dy * i) / 8)
  await page.mouse.up()
}
