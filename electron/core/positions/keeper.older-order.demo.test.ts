// Issue 44, against the demo exchange with the real order desk, its records carrying no
// client_order_id (as the real exchange's): half a minute before protecting, the trader placed by hand
// the very order the position's entry is (same pair, side, type, amount and price). The entry's
// request is then lost on its way and never reaches the exchange. The look-up by fields must not take
// the trader's older order for the entry: the position would count it as its own, and closing the
// position would cancel the trader's order. Not found, the entry is given up (nothing was sent twice).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import { TerminalError } from '../../domain/errors'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { createExchangeClient, type ExchangeClient } from '../exchange/client'
import { createOrderDesk } from '../orders/order-desk'
import { createKeeper } from './keeper'
import { createPositionStore } from './position-store'
import { newPositionId } from './protect'
import { demoLimitBuy } from './test/demo-price.test-util'

let demo: DemoExchange
let client: ExchangeClient
let dir: string
/** The demo's clock against ours: the trader's order is dated in the past through it. */
let shiftMs = 0

beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 29, live: false, historyDays: 1, now: () => Date.now() + shiftMs })
  const { apiKey, apiSecret } = demo.accounts[0]!
  client = createExchangeClient({ baseUrl: demo.baseUrl, credentials: async () => ({ apiKey, apiSecret }) })
  dir = mkdtempSync(join(tmpdir(), 'keeper-older-'))
})
afterAll(async () => {
  await demo.close()
  rmSync(dir, { recursive: true, force: true })
})

it("a lost entry is never taken to be the trader's identical order placed before the position", async () => {
  demo.setFaults({ omitClientOrderId: true })
  const entry = new Decimal((await client.ticker({ pair: 'BTC_USDT' }))[0]!.last!).minus(300).toDecimalPlaces(0)
  const plan = demoLimitBuy(newPositionId(), entry)
  shiftMs = -30_000
  const desk = createOrderDesk({ client, accountId: () => null, lookupDelaysMs: [0] })
  const byHand = await desk.place({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: plan.entry.amount, limit_price: entry.toFixed() })
  expect(byHand.outcome).toBe('placed')
  const traders = String(byHand.orderIds[0])
  shiftMs = 0

  // the entry's request is lost before it reaches the exchange: its outcome is unknown
  const lost = new TerminalError({ kind: 'outcome-unknown', code: 'OUTCOME_UNKNOWN', message: 'The connection dropped; the order may or may not be placed.' })
  const losing: ExchangeClient = { ...client, placeOrder: async () => Promise.reject(lost) }
  const before = demo.stats()
  const keeper = createKeeper({
    client,
    desk: createOrderDesk({ client: losing, accountId: () => null, lookupDelaysMs: [0] }),
    store: createPositionStore(dir, 'demo'),
    pollMs: 60_000,
    lookupDelaysMs: [0],
    lookupGraceMs: 0,
  })
  try {
    await keeper.start()
    const p = await keeper.open(plan)
    expect(p!.legs.map((l) => l.orderId)).not.toContain(traders)
    expect(p).toMatchObject({ id: plan.id, state: 'cancelled', legs: [{ role: 'entry', status: 'lost', orderId: null }] })
    // the trader's order is as they left it: still resting, nothing sent for it
    const records = await client.recentOrders(undefined, { pair: 'BTC_USDT' })
    expect(records.find((r) => String(r.id) === traders)?.status).toBe('OPEN')
    expect(demo.stats()).toMatchObject({ orderRequests: before.orderRequests, cancelRequests: before.cancelRequests })
  } finally {
    await keeper.stop()
  }
})
