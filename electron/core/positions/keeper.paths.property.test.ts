// The keeper on random price paths against the demo exchange's real matching engine (fast-check).
// Each case opens a random protected position (a long, a short or held coins; a LIMIT or MARKET
// entry; 0–2 targets; trailing; breakeven; the stop at the exchange or kept by the terminal) and
// drives the price through the book along a random path that crosses the entry, the targets and
// the stop in any order. Between drives, at random: a round of the keeper, nothing (the price moves
// unseen), a restart on the same data directory, a crash (a new keeper started from a state the
// old one saved mid-round, before later answers were saved), or a lost answer (the demo executes
// the next order or cancel and drops the socket). After every step the exchange's own records must
// say: nothing oversold, the resting exits never hold more than is left, every order sent once
// under a unique client_order_id; a lost answer is looked up and nothing of the same purpose is
// sent meanwhile; after a restart the keeper agrees with the exchange leg by leg. At the end the
// position is closed by hand and ends closed or cancelled, nothing of it resting at the exchange.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import { isTerminalError } from '../../domain/errors'
import type { Position, PositionPlan } from '../../domain/protection/types'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { createExchangeClient, type ExchangeClient } from '../exchange/client'
import { createOrderDesk } from '../orders/order-desk'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore } from './position-store'
import { disagreements, ledgerOf, type Ledger } from './test/exchange-ledger.test-util'

const PAIR = 'BTC_USDT'
const ACTS = ['sync', 'sync', 'sync', 'unseen', 'restart', 'crash', 'drop-order', 'drop-cancel'] as const
type Act = (typeof ACTS)[number]

const caseArb = fc.record({
  kind: fc.constantFrom<'long' | 'short' | 'held'>('long', 'short', 'held'),
  entry: fc.constantFrom<'LIMIT' | 'MARKET'>('LIMIT', 'MARKET'),
  milli: fc.integer({ min: 2, max: 6 }), // the amount in thousandths of a BTC
  protection: fc.constantFrom<'exchange' | 'terminal'>('exchange', 'exchange', 'terminal'),
  shares: fc.constantFrom<number[]>([], [50], [100], [25, 75], [50, 25]),
  trailing: fc.boolean(),
  breakeven: fc.boolean(),
  /** Whether the order desk looks a lost answer up itself, or leaves it to the keeper (the leg goes `unknown`). */
  deskLooksUp: fc.boolean(),
  // each step: where the price goes (in 25s from the entry, towards the position's gain), what happens, a pick
  steps: fc.array(fc.tuple(fc.integer({ min: -20, max: 30 }), fc.constantFrom<Act>(...ACTS), fc.nat(1_000)), { minLength: 3, maxLength: 11 }),
})
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never

let demo: DemoExchange
let client: ExchangeClient
/** Another account of the demo, quoting both sides around the price before each case (the drives eat the book). */
let maker: ExchangeClient
const dirs: string[] = []
let caseNo = 0

beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 27, live: false, historyDays: 1, admin: true })
  const { apiKey, apiSecret } = demo.accounts[0]!
  client = createExchangeClient({ baseUrl: demo.baseUrl, credentials: async () => ({ apiKey, apiSecret }) })
  const sub = demo.accounts[1]!
  maker = createExchangeClient({ baseUrl: demo.baseUrl, credentials: async () => ({ apiKey: sub.apiKey, apiSecret: sub.apiSecret }) })
})
afterAll(async () => {
  await demo?.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function drive(price: Decimal): Promise<void> {
  const res = await fetch(`${new URL(demo.baseUrl).origin}/__admin/price`, {
    method: 'POST',
    headers: { 'x-admin-token': demo.adminToken!, 'content-type': 'application/json' },
    body: JSON.stringify({ pair: PAIR, price: price.toFixed() }),
  })
  expect(res.status).toBe(200)
}

const lastPrice = async (): Promise<Decimal> => new Decimal((await client.ticker({ pair: PAIR }))[0]!.last!)

/** Entry E, stop E∓400 (its limit 50 beyond), targets E±300 and E±600, breakeven at E±200, trailing 300 by 100s. */
function planOf(c: Case, id: string, last: Decimal): PositionPlan {
  const dir = c.kind === 'short' ? -1 : 1
  const entryType = c.kind === 'held' ? 'HELD' : c.entry
  const e = entryType === 'LIMIT' ? last.minus(100 * dir).toDecimalPlaces(0) : last
  const at = (d: number) => e.plus(d * dir).toFixed()
  const amount = new Decimal(c.milli).div(1000)
  return {
    id,
    pair: PAIR,
    side: c.kind === 'short' ? 'SELL' : 'BUY',
    entry: { type: entryType, amount: amount.toFixed(), price: e.toFixed(), ...(entryType === 'MARKET' && dir === 1 ? { quoteAmount: amount.times(e).toDecimalPlaces(2).toFixed() } : {}) },
    protection: c.protection,
    stop: { price: at(-400), limit: at(-450) },
    slippage: '5',
    targets: c.shares.map((share, i) => ({ price: at(300 * (i + 1)), share: String(share) })),
    trailing: c.trailing ? { distance: '300', step: '100' } : null,
    breakevenAt: c.breakeven ? at(200) : null,
    amountPrecision: 6,
    pricePrecision: 2,
  }
}

/** One case: the keeper(s), what went over the wire, what the keeper saved. */
class Run {
  readonly id = `pp${++caseNo}`
  readonly dir = mkdtempSync(join(tmpdir(), 'keeper-paths-'))
  readonly sent: string[] = []
  readonly lost: { kind: 'place' | 'cancel'; clientOrderId: string }[] = []
  readonly saved: Position[] = []
  readonly start = demo.stats()
  keeper: Keeper | null = null
  // the desk and the keeper see the exchange through this: every order sent and every answer lost is noted
  readonly wire: ExchangeClient = {
    ...client,
    placeOrder: async (body, options) => {
      this.sent.push(body.client_order_id ?? '')
      return client.placeOrder(body, options).catch((e: unknown) => {
        if (isTerminalError(e) && e.kind === 'outcome-unknown') this.lost.push({ kind: 'place', clientOrderId: body.client_order_id ?? '' })
        throw e
      })
    },
    cancelOrders: async (body, options) =>
      client.cancelOrders(body, options).catch((e: unknown) => {
        // a dropped cancel is a network failure to the client (a cancel is safe to repeat): the keeper reads the record
        const ids = 'order_ids' in body ? body.order_ids.map(String) : []
        const leg = this.saved.at(-1)?.legs.find((l) => l.orderId !== null && ids.includes(l.orderId))
        if (isTerminalError(e) && (e.kind === 'outcome-unknown' || e.kind === 'network') && leg) this.lost.push({ kind: 'cancel', clientOrderId: leg.clientOrderId })
        throw e
      }),
  }

  constructor(readonly c: Case) {
    dirs.push(this.dir)
  }

  async newKeeper(): Promise<Keeper> {
    const desk = createOrderDesk({ client: this.wire, accountId: () => null, lookupDelaysMs: this.c.deskLooksUp ? [0] : [] })
    const store = createPositionStore(this.dir, 'demo')
    // lookupGraceMs 0: the demo never executes an order late, so a look-up's "not found" is final at once
    this.keeper = createKeeper({
      client: this.wire,
      desk,
      store: { ...store, save: (ps) => (this.saved.push(structuredClone(ps[0]!)), store.save(ps)) },
      pollMs: 60_000,
      lookupDelaysMs: [0],
      lookupGraceMs: 0,
    })
    await this.keeper.start()
    return this.keeper
  }

  async position(): Promise<Position> {
    return (await this.keeper!.list()).find((p) => p.id === this.id)!
  }

  async ledger(): Promise<Ledger> {
    const held = this.c.kind === 'held' ? new Decimal(this.c.milli).div(1000).toFixed() : null
    return ledgerOf(await client.recentOrders(undefined, { pair: PAIR }), this.id, this.c.kind === 'short' ? 'SELL' : 'BUY', held)
  }

  /** Rounds until one sends nothing: then every leg has read its record after the last order. */
  async settle(): Promise<void> {
    for (let i = 0; i < 5; i++) {
      const before = demo.stats()
      await this.keeper!.sync()
      const after = demo.stats()
      if (after.orderRequests === before.orderRequests && after.cancelRequests === before.cancelRequests) return
    }
    throw new Error(`${this.id}: the keeper still sends after 5 rounds`)
  }

  /** The invariants, on the exchange's records and the demo's counters. */
  async check(label: string): Promise<Ledger> {
    const l = await this.ledger()
    const at = `${this.id} after ${label}`
    expect(l.sold.lte(l.bought), `${at}: sold ${l.sold.toFixed()} of ${l.bought.toFixed()} bought`).toBe(true)
    expect(l.resting.lte(l.bought.minus(l.sold)), `${at}: exits resting ${l.resting.toFixed()}, held ${l.bought.minus(l.sold).toFixed()}`).toBe(true)
    // every order sent once, under a client_order_id never used before; the demo counted no other
    expect(new Set(this.sent).size, `${at}: sent ${this.sent.join(' ')}`).toBe(this.sent.length)
    const now = demo.stats()
    expect(now.orderRequests - this.start.orderRequests, `${at}: order requests`).toBe(this.sent.length)
    expect(now.ordersPlaced - this.start.ordersPlaced, `${at}: orders accepted`).toBe(l.records.length)
    expect(new Set(l.records.map((r) => r.client_order_id)).size).toBe(l.records.length)
    // nothing of the same purpose is added while a leg of it is unknown
    for (let i = 1; i < this.saved.length; i++) {
      const [prev, next] = [this.saved[i - 1]!, this.saved[i]!]
      const unknown = prev.legs.filter((x) => x.status === 'unknown' && x.role !== 'close')
      for (const leg of next.legs.filter((n) => !prev.legs.some((x) => x.clientOrderId === n.clientOrderId))) {
        const twin = unknown.find((u) => u.role === leg.role && u.target === leg.target)
        expect(twin, `${at}: ${leg.clientOrderId} sent while ${twin?.clientOrderId} was unknown`).toBeUndefined()
      }
    }
    // a lost answer is looked up: the leg is resolved (never sent again: the ids above are unique)
    const p = await this.position()
    for (const { kind, clientOrderId } of this.lost) {
      const leg = p.legs.find((x) => x.clientOrderId === clientOrderId)
      expect(leg?.status, `${at}: ${kind} of ${clientOrderId} lost`).not.toMatch(/^(placing|cancelling|unknown)$/)
      // a place the desk did not look up itself: the keeper's leg went `unknown`, then its look-up found it
      if (kind === 'place' && !this.c.deskLooksUp) expect(this.saved.some((s) => s.legs.some((x) => x.clientOrderId === clientOrderId && x.status === 'unknown'))).toBe(true)
    }
    return l
  }

  async agree(label: string): Promise<void> {
    await this.settle()
    expect(disagreements(await this.position(), await this.ledger()), `${this.id} after ${label}`).toEqual([])
  }

  /** Stop; start a new keeper on the same file (a crash: on a state the old one saved during its last round). */
  async restart(crash: number | null, since: number): Promise<void> {
    await this.keeper!.stop()
    const store = createPositionStore(this.dir, 'demo')
    let from = this.saved.at(-1)!
    if (crash !== null) {
      // a faithful crash point: a save that already named every order sent after it
      const points = this.saved.slice(Math.max(since - 1, 0)).filter((s) => s.legCount === from.legCount)
      from = points[crash % points.length] ?? from
      await store.save([from])
    }
    // the file gives back the position as it was saved, every field of it
    expect((await store.load()).positions).toEqual([from])
    await this.newKeeper()
    await this.agree(crash === null ? 'a restart' : 'a crash')
  }

  async step([offset, act, pick]: Case['steps'][number], e: Decimal, n: number): Promise<void> {
    const since = this.saved.length
    if (act === 'drop-order') demo.setFaults({ dropOrderResponse: true, failTimes: 1 })
    if (act === 'drop-cancel') demo.setFaults({ dropCancelResponse: true, failTimes: 1 })
    await drive(e.plus(offset * 25 * (this.c.kind === 'short' ? -1 : 1)))
    if (act !== 'unseen') await this.keeper!.sync()
    if (act === 'restart' || act === 'crash') await this.restart(act === 'crash' ? pick : null, since)
    await this.check(`step ${n} (${offset * 25}, ${act})`)
    if ((await this.position()).attention !== null) await this.keeper!.acknowledge(this.id) // the trader saw it
  }

  /** Closes by hand and drives the price through whatever close rests until the position ends. */
  async end(): Promise<Position> {
    const exitAsk = this.c.kind !== 'short' // a long's exits sell: they fill when the price comes up through them
    for (let i = 0; i < 6; i++) {
      let p = await this.position()
      if (p.state === 'closed' || p.state === 'cancelled') return p
      if (p.closing === null) await this.keeper!.close(this.id)
      await this.settle()
      p = await this.position()
      for (const leg of p.legs.filter((l) => l.status === 'resting' && l.role !== 'entry')) {
        const price = new Decimal(leg.limitPrice!)
        await drive(exitAsk ? price.minus(10) : price.plus(10))
        await drive(exitAsk ? price.plus(10) : price.minus(10))
      }
      await this.settle()
    }
    return this.position()
  }
}

/** A bid and an ask 15 either side of the last price, so a MARKET entry or a close has something to trade with. */
async function quote(): Promise<void> {
  await maker.cancelOrders({ pair: PAIR })
  const last = await lastPrice()
  for (const [side, price] of [
    ['BUY', last.minus(15)],
    ['SELL', last.plus(15)],
  ] as const) {
    await maker.placeOrder({ pair: PAIR, order_type: 'LIMIT', order_side: side, wallet_type: 'SPOT', base_amount: '0.01', limit_price: price.toFixed(2), client_order_id: `mm-${caseNo}-${side}` })
  }
}

async function runCase(c: Case): Promise<void> {
  await quote()
  const run = new Run(c)
  try {
    await run.newKeeper()
    const plan = planOf(c, run.id, await lastPrice())
    await run.keeper!.open(plan)
    await run.check('the open')
    const e = new Decimal(plan.entry.price)
    for (const [n, s] of c.steps.entries()) await run.step(s, e, n + 1)
    const p = await run.end()
    expect(p.state, `${run.id}: ${JSON.stringify(p.legs.map((l) => `${l.role}:${l.status}`))}`).toMatch(/^(closed|cancelled)$/)
    const l = await run.check('the end')
    expect(l.resting.toFixed(), `${run.id}: exits still resting`).toBe('0')
    expect(l.records.filter((r) => ['PENDING', 'OPEN', 'PARTIAL_FILLED'].includes(r.status))).toEqual([])
    expect(l.sold.toFixed(), `${run.id}: everything bought was sold`).toBe(l.bought.toFixed())
    await run.agree('the end')
  } finally {
    demo.setFaults({})
    await run.keeper?.stop()
  }
}

// PATHS_SEED=<n> replays a run (fast-check prints the seed of a failure); the demo is the same from its own seed.
describe('the keeper on random price paths against the demo exchange', () => {
  it('never oversells, never rests more than is held, sends each order once, looks lost answers up, agrees with the exchange after a restart, and ends flat', async () => {
    await fc.assert(fc.asyncProperty(caseArb, runCase), { numRuns: 20, endOnFailure: true, ...(process.env.PATHS_SEED ? { seed: Number(process.env.PATHS_SEED) } : {}) })
  }, 120_000)
})
