// The gap tests' market on the in-process demo exchange (keeper.gap.*.test.ts): a demo that only the
// drives move, the trader's client (the keeper's account) and another trader on a second account,
// whose limit orders are the bids and asks a gapped stop's fallback finds, or does not.
import { afterAll, beforeAll } from 'vitest'
import { Decimal } from '../../../domain/decimal'
import { startDemoExchange, type DemoExchange } from '../../../demo-exchange/server'
import { createExchangeClient, type ExchangeClient } from '../../exchange/client'

export interface DemoTraders {
  demo: DemoExchange
  /** The keeper's account. */
  client: ExchangeClient
  /** The pair's last trade price. */
  last(): Promise<Decimal>
  /** Another trader's LIMIT order of `amount` BTC at `price`. */
  otherOrder(side: 'BUY' | 'SELL', price: Decimal, amount: Decimal | string): Promise<number[]>
  /** Cancels every order of the other trader on the pair. */
  otherCancelsAll(): Promise<void>
}

/** Starts a still demo with `seed` before the file's tests and closes it after them. */
export function useDemoTraders(seed: number, pair = 'BTC_USDT'): DemoTraders {
  let demo: DemoExchange
  let client: ExchangeClient
  let other: ExchangeClient
  let sent = 0
  beforeAll(async () => {
    demo = await startDemoExchange({ port: 0, seed, live: false, historyDays: 1, admin: true })
    const clientOf = ({ apiKey, apiSecret }: { apiKey: string; apiSecret: string }) => createExchangeClient({ baseUrl: demo.baseUrl, credentials: async () => ({ apiKey, apiSecret }) })
    client = clientOf(demo.accounts[0]!)
    other = clientOf(demo.accounts[1]!)
  })
  afterAll(() => demo.close())
  return {
    get demo() {
      return demo
    },
    get client() {
      return client
    },
    last: async () => new Decimal((await client.ticker({ pair }))[0]!.last!),
    otherOrder: (side, price, amount) =>
      other.placeOrder({
        pair,
        order_type: 'LIMIT',
        order_side: side,
        wallet_type: 'SPOT',
        base_amount: new Decimal(amount).toFixed(),
        limit_price: price.toFixed(),
        client_order_id: `other-${++sent}`,
      }),
    otherCancelsAll: async () => {
      await other.cancelOrders({ pair }).catch(() => undefined)
    },
  }
}
