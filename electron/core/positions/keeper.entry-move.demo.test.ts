// A pending protected LIMIT buy whose entry the trader moves (positions.modify's entryPrice), against
// the real demo exchange in-process: the old entry is cancelled at the exchange, and one new LIMIT at
// the new price goes out once that cancel is confirmed — exactly one order request more, never two
// entries resting. The price driven to the new entry fills it and the stop follows; a move that would
// fill at once is refused and sends nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { createExchangeClient, type ExchangeClient } from '../exchange/client'
import { createOrderDesk } from '../orders/order-desk'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore } from './position-store'
import { demoLimitBuy, driveDemo } from './test/demo-price.test-util'

let demo: DemoExchange
let client: ExchangeClient
let keeper: Keeper
let dir: string

beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 23, live: false, historyDays: 1, admin: true })
  const { apiKey, apiSecret } = demo.accounts[0]!
  client = createExchangeClient({ baseUrl: demo.baseUrl, credentials: async () => ({ apiKey, apiSecret }) })
  dir = mkdtempSync(join(tmpdir(), 'keeper-entry-'))
  const desk = createOrderDesk({ client, accountId: () => null, lookupDelaysMs: [0] })
  keeper = createKeeper({ client, desk, store: createPositionStore(dir, 'demo'), pollMs: 60_000, lookupDelaysMs: [0] })
})
afterAll(async () => {
  await keeper.stop()
  await demo.close()
  rmSync(dir, { recursive: true, force: true })
})

const orderOf = async (clientOrderId: string) => (await client.recentOrders(undefined, { pair: 'BTC_USDT' })).find((o) => o.client_order_id === clientOrderId)

describe('moving a pending LIMIT entry against the demo exchange', () => {
  it('cancels the entry, places one new LIMIT at the new price once the cancel is confirmed; the new one fills and the stop follows', async () => {
    await keeper.start()
    const last = new Decimal((await client.ticker({ pair: 'BTC_USDT' }))[0]!.last!)
    const entry = last.minus(200).toDecimalPlaces(0)
    const moved = entry.minus(100)
    const plan = demoLimitBuy('e1', entry)
    await keeper.open(plan)
    expect((await orderOf('e1-1'))?.status).toBe('OPEN')

    // at or above the last price it would fill at once: refused, nothing sent
    const before = demo.stats()
    await expect(keeper.modify('e1', { entry: last.toFixed() })).rejects.toMatchObject({ code: 'INVALID_LEVELS', field: 'entryPrice' })
    expect(demo.stats()).toMatchObject({ orderRequests: before.orderRequests, cancelRequests: before.cancelRequests })

    const p = await keeper.modify('e1', { entry: moved.toFixed() })
    expect(p).toMatchObject({ state: 'pending', entryPrice: moved.toFixed(), filled: '0' })
    expect(p!.legs.map((l) => `${l.role}:${l.status}:${l.limitPrice}`)).toEqual([`entry:done:${entry.toFixed()}`, `entry:resting:${moved.toFixed()}`])
    expect((await orderOf('e1-1'))?.status).toBe('CANCELLED')
    const next = await orderOf('e1-2')
    expect(next).toMatchObject({ type: 'LIMIT', side: 'BID', status: 'OPEN' })
    expect(new Decimal(next!.price!).eq(moved)).toBe(true)
    expect(new Decimal(next!.amount).eq('0.01')).toBe(true)
    expect(demo.stats()).toMatchObject({ orderRequests: before.orderRequests + 1, cancelRequests: before.cancelRequests + 1 })

    // through the old price down to the new one: only the new entry fills, and the stop rests for it
    await driveDemo(demo, moved.toFixed())
    await keeper.sync()
    const open = (await keeper.list())[0]!
    expect(open).toMatchObject({ state: 'open', filled: '0.01' })
    expect(new Decimal((await orderOf('e1-1'))!.amount_filled ?? '0').eq(0)).toBe(true)
    const stopOrder = await orderOf('e1-3')
    expect(stopOrder).toMatchObject({ type: 'STOP_LIMIT', side: 'ASK', status: 'PENDING' })
    expect(new Decimal(stopOrder!.amount).eq('0.01')).toBe(true)
    // once filled, the entry no longer moves
    await expect(keeper.modify('e1', { entry: moved.minus(50).toFixed() })).rejects.toMatchObject({ field: 'entryPrice', message: expect.stringContaining('can no longer move') })
  })
})
