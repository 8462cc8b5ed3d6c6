// An order whose place timed out on our side and that reaches the exchange seconds later: the first
// look-ups do not find it, and "not found" so soon after the send proves nothing (leg-lookup.ts). The
// keeper keeps the leg `unknown` — never resends it, never gives the position up — and finds the order
// when it shows; only a leg still not found after the grace is given up.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PLAN } from '../../domain/test/position-plan.test-util'
import type { OrderRecord } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import type { OrderDesk } from '../orders/order-desk'
import { createKeeper, type Keeper } from './keeper'
import { createLegLookup } from './leg-lookup'
import { createPositionStore } from './position-store'

/** An exchange whose order answers are lost: a placed order shows in the list only once `arrive()` says so. */
function lateExchange() {
  const orders: OrderRecord[] = []
  const late: OrderRecord[] = []
  const sent: string[] = []
  const client = {
    recentOrders: async () => structuredClone(orders),
    ticker: async () => [{ pair: 'BTC_USDT', last: '101', buy: '101', sell: '101' }],
    cancelOrders: async () => ({ kind: 'by-ids' as const, results: {} }),
    serverSkewMs: () => 0,
  } as unknown as ExchangeClient
  const desk: Pick<OrderDesk, 'place'> = {
    async place(draft) {
      const cid = draft.client_order_id!
      sent.push(cid)
      const amount = draft.base_amount!
      const record = { id: sent.length, pair: draft.pair, amount, side: draft.order_side === 'BUY' ? 'BID' : 'ASK', type: draft.order_type, client_order_id: cid }
      if (draft.order_type === 'STOP_LIMIT') {
        orders.push({ ...record, status: 'PENDING', amount_filled: '0' })
        return { outcome: 'placed', orderIds: [record.id], clientOrderId: cid }
      }
      // the entry: its answer is lost, the desk's own look-up finds nothing yet
      late.push({ ...record, status: 'FILLED', amount_filled: amount })
      const search = { endpoint: '', reads: 1, tries: 1, records: 0, window: { from: 0, to: 0 }, elapsedMs: 0, matchedBy: null }
      return { outcome: 'unknown', clientOrderId: cid, lookup: 'not-found', orderIds: [], search, message: 'not found' }
    },
  }
  return { client, desk, sent, orders, arrive: () => orders.push(...late.splice(0)) }
}

const dirs: string[] = []
const keepers: Keeper[] = []
afterEach(async () => {
  for (const k of keepers.splice(0)) await k.stop()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function keeperOn(exchange: ReturnType<typeof lateExchange>, lookupGraceMs?: number): Keeper {
  const dir = mkdtempSync(join(tmpdir(), 'keeper-late-'))
  dirs.push(dir)
  const k = createKeeper({
    client: exchange.client,
    desk: exchange.desk,
    store: createPositionStore(dir, 'prof'),
    pollMs: 60_000,
    lookupDelaysMs: [0],
    ...(lookupGraceMs !== undefined ? { lookupGraceMs } : {}),
  })
  keepers.push(k)
  return k
}

describe('an order that arrives after its look-up', () => {
  it('stays unknown while it may still arrive, is found when it shows, and is never sent twice', async () => {
    const exchange = lateExchange()
    const keeper = keeperOn(exchange)
    await keeper.start()
    await keeper.open(PLAN)
    const entry = () => keeper.list().then((ps) => ps[0]!)
    expect((await entry()).legs.map((l) => `${l.role}:${l.status}`)).toEqual(['entry:unknown'])
    // two rounds of look-ups find nothing: the leg stays unknown, the position pending
    await keeper.sync()
    await keeper.sync()
    expect((await entry()).state).toBe('pending')
    expect((await entry()).legs.map((l) => `${l.role}:${l.status}`)).toEqual(['entry:unknown'])
    // the order executes late; the next look-up finds it filled, and the stop follows
    exchange.arrive()
    await keeper.sync()
    await keeper.sync()
    const p = await entry()
    expect(p.state).toBe('open')
    expect(p.filled).toBe('1')
    expect(p.legs.map((l) => `${l.role}:${l.status}`)).toEqual(['entry:done', 'stop:resting'])
    expect(exchange.sent).toEqual(['p1-1', 'p1-2'])
  })

  it('gives a leg up as not found once its send is older than the grace', async () => {
    const exchange = lateExchange()
    const keeper = keeperOn(exchange, 0)
    await keeper.start()
    await keeper.open(PLAN)
    await keeper.sync()
    const [p] = await keeper.list()
    expect(p!.state).toBe('cancelled')
    expect(p!.legs.map((l) => l.status)).toEqual(['lost'])
    expect(exchange.sent).toEqual(['p1-1'])
  })

  it('counts the grace of a leg it did not send from when it first looks it up', async () => {
    let now = 1_000_000
    const exchange = lateExchange()
    const lookup = createLegLookup({ client: exchange.client, delaysMs: [0], graceMs: 30_000, now: () => now })
    const p = {
      ...structuredClone(PLAN),
      state: 'pending',
      legs: [{ role: 'entry', clientOrderId: 'p1-1', orderId: null, side: 'BUY', type: 'LIMIT', amount: '1', limitPrice: '100', stopPrice: null, filled: '0', status: 'unknown' }],
    }
    const position = p as unknown as Parameters<typeof lookup.lookUp>[0]
    expect(await lookup.lookUp(position, 'p1-1')).toEqual([])
    now += 29_999
    expect(await lookup.lookUp(position, 'p1-1')).toEqual([])
    now += 1
    expect(await lookup.lookUp(position, 'p1-1')).toEqual([{ type: 'looked-up', clientOrderId: 'p1-1', found: null }])
  })
})
