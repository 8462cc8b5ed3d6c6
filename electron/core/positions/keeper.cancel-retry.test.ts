// A cancel that never took: the exchange refused it (a 5xx, nothing executed), or the keeper died
// after saving the leg `cancelling` and before sending. The order still rests, so the keeper sends the
// cancel again at a later round — at most every cancelRetryMs, never a storm — and once the exchange
// has it cancelled, the step carries on (the target's sell and the new stop). A cancel that did land
// is never sent again.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { TerminalError } from '../../domain/errors'
import type { PositionPlan } from '../../domain/protection/types'
import { PLAN as BASE } from '../../domain/test/position-plan.test-util'
import type { OrderRecord } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import type { OrderDesk } from '../orders/order-desk'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore } from './position-store'

const PLAN: PositionPlan = { ...BASE, targets: [{ price: '110', share: '50' }] }

/** Entries fill at once, stops rest; `refuseCancels` cancels answer 503 without cancelling anything. */
function exchangeWithCancels() {
  const orders: OrderRecord[] = []
  const state = { price: '100', refuseCancels: 0, cancels: 0, placed: 0 }
  const client = {
    recentOrders: async () => structuredClone(orders),
    ticker: async () => [{ pair: 'BTC_USDT', last: state.price, buy: state.price, sell: state.price }],
    cancelOrders: async ({ order_ids }: { order_ids: number[] }) => {
      state.cancels++
      if (state.refuseCancels > 0) {
        state.refuseCancels--
        throw new TerminalError({ kind: 'server', code: 'SERVER_ERROR', message: 'Simulated server error 503.' })
      }
      for (const o of orders) if (order_ids.includes(o.id) && o.status !== 'FILLED') o.status = 'CANCELLED'
      return { kind: 'by-ids' as const, results: {} }
    },
    serverSkewMs: () => 0,
  } as unknown as ExchangeClient
  const desk: Pick<OrderDesk, 'place'> = {
    async place(draft) {
      state.placed++
      const id = orders.length + 1
      const amount = draft.base_amount!
      const entry = draft.order_side === 'BUY'
      const status = entry ? 'FILLED' : draft.order_type === 'STOP_LIMIT' ? 'PENDING' : 'OPEN'
      orders.push({ id, pair: draft.pair, amount, side: entry ? 'BID' : 'ASK', status, type: draft.order_type, amount_filled: entry ? amount : '0', client_order_id: draft.client_order_id! })
      return { outcome: 'placed', orderIds: [id], clientOrderId: draft.client_order_id! }
    },
  }
  return { orders, state, client, desk }
}

const dirs: string[] = []
const keepers: Keeper[] = []
afterEach(async () => {
  for (const k of keepers.splice(0)) await k.stop()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function atTarget(cancelRetryMs: number) {
  const exchange = exchangeWithCancels()
  const dir = mkdtempSync(join(tmpdir(), 'keeper-cancel-'))
  dirs.push(dir)
  const keeper = createKeeper({ client: exchange.client, desk: exchange.desk, store: createPositionStore(dir, 'prof'), pollMs: 60_000, cancelRetryMs })
  keepers.push(keeper)
  await keeper.start()
  await keeper.open(PLAN)
  await keeper.sync()
  const roles = async () => (await keeper.list())[0]!.legs.map((l) => `${l.role}:${l.status}`)
  expect(await roles()).toEqual(['entry:done', 'stop:resting'])
  // the target is reached; the stop's cancel is refused
  exchange.state.refuseCancels = 1
  exchange.state.price = '110.5'
  await keeper.sync()
  expect(exchange.state.cancels).toBe(1)
  expect(await roles()).toEqual(['entry:done', 'stop:cancelling'])
  expect(exchange.orders[1]!.status).toBe('PENDING')
  return { exchange, keeper, roles }
}

describe('a cancel that never took', () => {
  it('is sent again at a later round while the order still rests; then the target sells and a new stop covers the rest', async () => {
    const { exchange, keeper, roles } = await atTarget(0)
    await keeper.sync()
    expect(exchange.state.cancels).toBe(2)
    expect(exchange.orders[1]!.status).toBe('CANCELLED')
    expect(await roles()).toEqual(['entry:done', 'stop:done', 'target:resting', 'stop:resting'])
    expect(exchange.state.placed).toBe(4)
    // it landed: never sent again
    await keeper.sync()
    await keeper.sync()
    expect(exchange.state.cancels).toBe(2)
  })

  it('is not sent again before cancelRetryMs: no storm while the exchange keeps refusing', async () => {
    const { exchange, keeper, roles } = await atTarget(60_000)
    exchange.state.refuseCancels = 5
    await keeper.sync()
    await keeper.sync()
    expect(exchange.state.cancels).toBe(1)
    expect(await roles()).toEqual(['entry:done', 'stop:cancelling'])
    expect(exchange.state.placed).toBe(2) // nothing that needs the stop's coins went out
  })

  it('a keeper that starts on a leg saved `cancelling` whose order still rests sends the cancel (it may never have gone out)', async () => {
    const { exchange, keeper } = await atTarget(60_000)
    await keeper.stop()
    const dir = dirs.at(-1)!
    const next = createKeeper({ client: exchange.client, desk: exchange.desk, store: createPositionStore(dir, 'prof'), pollMs: 60_000, cancelRetryMs: 60_000 })
    keepers.push(next)
    await next.start()
    expect(exchange.state.cancels).toBe(2)
    expect((await next.list())[0]!.legs.map((l) => `${l.role}:${l.status}`)).toEqual(['entry:done', 'stop:done', 'target:resting', 'stop:resting'])
  })
})
