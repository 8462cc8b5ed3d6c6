// Two positions on one pair with the same stop, on an exchange whose records carry no client_order_id
// (the real one). The second stop's answer is lost and it never reached the exchange; the keeper's
// look-up finds only the first position's stop, which looks exactly alike. It must not take that order
// for the second position's stop: the second position would then count a stop it does not have, and a
// cancel meant for it would take the first position's protection away.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { heldPlan } from '../../domain/test/position-plan.test-util'
import type { OrderRecord } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import type { OrderDesk } from '../orders/order-desk'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore } from './position-store'
import { newPositionId } from './protect'

const dirs: string[] = []
const keepers: Keeper[] = []
afterEach(async () => {
  for (const k of keepers.splice(0)) await k.stop()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

it("a lost stop is never taken to be another position's identical stop", async () => {
  const orders: OrderRecord[] = []
  let places = 0
  const client = {
    recentOrders: async () => structuredClone(orders),
    ticker: async () => [{ pair: 'BTC_USDT', last: '100', buy: '100', sell: '100' }],
    cancelOrders: async () => ({ kind: 'by-ids' as const, results: {} }),
    serverSkewMs: () => 0,
  } as unknown as ExchangeClient
  const desk: Pick<OrderDesk, 'place'> = {
    async place(draft) {
      const cid = draft.client_order_id!
      places++
      if (places > 1) {
        // the second stop: its answer is lost, and it never got to the exchange
        const search = { endpoint: '', reads: 1, tries: 1, records: 0, window: { from: 0, to: 0 }, elapsedMs: 0, matchedBy: null }
        return { outcome: 'unknown', clientOrderId: cid, lookup: 'still-unknown', orderIds: [], search, message: 'unknown' }
      }
      const record = {
        id: 41,
        pair: draft.pair,
        side: 'ASK',
        type: draft.order_type,
        amount: draft.base_amount!,
        price: draft.limit_price!,
        stop_price: draft.stop_price!,
        status: 'OPEN',
        wallet_type: 'SPOT',
        date: new Date().toISOString(),
      }
      orders.push(record)
      return { outcome: 'placed', orderIds: [record.id], clientOrderId: cid }
    },
  }
  const dir = mkdtempSync(join(tmpdir(), 'keeper-alike-'))
  dirs.push(dir)
  const keeper = createKeeper({ client, desk, store: createPositionStore(dir, 'prof'), pollMs: 60_000, lookupDelaysMs: [0], lookupGraceMs: 60_000 })
  keepers.push(keeper)
  await keeper.start()
  const first = newPositionId(Date.now() - 1_000)
  const second = newPositionId()
  await keeper.open(heldPlan(first))
  await keeper.open(heldPlan(second))
  await keeper.sync()
  await keeper.sync()
  const stopOf = async (id: string) => (await keeper.list()).find((p) => p.id === id)!.legs.find((l) => l.role === 'stop')!
  expect((await stopOf(first)).orderId).toBe('41')
  // still unknown (it may yet arrive), never the first position's order
  const lost = await stopOf(second)
  expect(lost.status).toBe('unknown')
  expect(lost.orderId).toBeNull()
})
