// The execution algorithms kept by the keeper against the demo exchange, in-process, checked on the
// exchange's own records: an iceberg never shows more than its slice and goes on where it was after
// a restart, sending nothing twice; a TWAP sends its slots on the keeper's clock, what a slot left
// going with the next, and the keeper wakes at a slot by itself; a slice the risk limits refuse pauses the algorithm with the reason, nothing sent; a
// cancel removes what rests; a start asked of a process without the lock is queued, and the acting
// keeper starts it under the id the requester printed.
import { rmSync } from 'node:fs'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import { TerminalError } from '../../domain/errors'
import { SPECS } from '../../domain/test/algo-plan.test-util'
import { AlgoKeeperRun, demoAlgoPlan } from './test/algo-demo.test-util'
import { useDemoTraders } from './test/demo-traders.test-util'
import { driveDemo } from './test/demo-price.test-util'

const market = useDemoTraders(48)
const runs: AlgoKeeperRun[] = []
const T = 1_900_000_000_000
afterEach(async () => {
  for (const r of runs) await r.keeper?.stop()
  await market.otherCancelsAll()
})
afterAll(() => {
  for (const r of runs) rmSync(r.dir, { recursive: true, force: true })
})
/** Drives the price 400 up, then 400 below where it was: the book holds nothing between, so the other trader's orders are the only ones there. Answers the old price. */
async function clearBook(): Promise<Decimal> {
  const mid = (await market.last()).toDecimalPlaces(0)
  await driveDemo(market.demo, mid.plus(400).toFixed())
  await driveDemo(market.demo, mid.minus(400).toFixed())
  return mid
}
const runOf = (id: string, riskGate?: ConstructorParameters<typeof AlgoKeeperRun>[3]) => {
  const run = new AlgoKeeperRun(market.client, id, T, riskGate)
  runs.push(run)
  return run
}

describe('execution algorithms kept by the keeper, on the demo exchange', () => {
  it('an iceberg shows one slice at a time, the next once it fills; a restart mid-way sends nothing twice', async () => {
    const run = runOf('algo-ice')
    const keeper = await run.newKeeper()
    const price = (await clearBook()).minus(300)
    await keeper.algo({ type: 'algo-start', plan: demoAlgoPlan('algo-ice', { kind: 'iceberg', slice: '0.001', price: price.toFixed() }, '0.0025', 'BUY', T) })
    let l = await run.ledger()
    expect(l.live.map((r) => [r.client_order_id, r.amount])).toEqual([['algo-ice-1', '0.001']])
    // another trader sells into it: half of the slice, then the rest and more
    await market.otherOrder('SELL', price, '0.0005')
    await keeper.sync()
    expect((await run.ledger()).live.map((r) => r.client_order_id)).toEqual(['algo-ice-1'])
    await market.otherOrder('SELL', price, '0.0005')
    await keeper.sync()
    l = await run.ledger()
    expect(l.live.map((r) => [r.client_order_id, r.amount])).toEqual([['algo-ice-2', '0.001']])
    // a restart: the file gives the algorithm back, the next keeper finds slice 2 resting and sends nothing
    const before = market.demo.stats().orderRequests
    await run.newKeeper()
    await run.keeper!.sync()
    expect(market.demo.stats().orderRequests).toBe(before)
    await market.otherOrder('SELL', price, '0.002')
    await run.keeper!.sync()
    await run.keeper!.sync()
    l = await run.ledger()
    expect(l.records.map((r) => [r.client_order_id, r.amount, r.amount_filled])).toEqual([
      ['algo-ice-3', '0.0005', '0.0005'],
      ['algo-ice-2', '0.001', '0.001'],
      ['algo-ice-1', '0.001', '0.001'],
    ])
    expect(l.filled.toFixed()).toBe('0.0025')
    expect(await run.algo()).toMatchObject({ state: 'done', note: null })
    expect(run.sent).toEqual(['algo-ice-1', 'algo-ice-2', 'algo-ice-3'])
  })

  it('a TWAP sends each slot on the clock; a slice that did not fill is pulled and its rest goes with the next slot', async () => {
    const run = runOf('algo-twap')
    const keeper = await run.newKeeper()
    const x = (await clearBook()).minus(300)
    await market.otherOrder('SELL', x, '0.0015')
    await keeper.algo({ type: 'algo-start', plan: demoAlgoPlan('algo-twap', { ...SPECS.twap, slices: 3, durationMs: 30_000 }, '0.003', 'BUY', T) })
    expect((await run.ledger()).records.map((r) => [r.client_order_id, r.amount_filled])).toEqual([['algo-twap-1', '0.001']])
    run.clock = T + 10_000
    await keeper.sync()
    // the second slot takes the rest of the ask (0.0005) and rests for the other 0.0005 at it
    expect((await run.ledger()).live.map((r) => [r.client_order_id, r.amount, r.amount_filled])).toEqual([['algo-twap-2', '0.001', '0.0005']])
    await market.otherOrder('SELL', x.plus(20), '0.01')
    run.clock = T + 20_000
    await keeper.sync()
    await keeper.sync()
    const third = (await run.ledger()).records.find((r) => r.client_order_id === 'algo-twap-3')!
    expect([third.amount, third.amount_filled]).toEqual(['0.0015', '0.0015']) // the second slot's rest went with it
    expect((await run.algo()).state).toBe('done')
    expect((await run.ledger()).filled.toFixed()).toBe('0.003')
  })

  it('the keeper wakes at a TWAP slot by itself: no round is due (they are a minute apart), the next slice goes out on time', async () => {
    const run = runOf('algo-wake')
    run.clock = null // the real clock: the keeper's own timer, not the test, moves it on
    const keeper = await run.newKeeper()
    const x = (await clearBook()).minus(300)
    await market.otherOrder('SELL', x, '0.01')
    const started = Date.now()
    await keeper.algo({ type: 'algo-start', plan: demoAlgoPlan('algo-wake', { ...SPECS.twap, slices: 2, durationMs: 1_500 }, '0.002', 'BUY', started) })
    expect(run.sent).toEqual(['algo-wake-1'])
    await expect.poll(() => run.sent, { timeout: 3_000, interval: 25 }).toEqual(['algo-wake-1', 'algo-wake-2'])
    expect(Date.now() - started).toBeGreaterThanOrEqual(750)
    await expect.poll(async () => (await run.algo()).state, { timeout: 3_000 }).toBe('done')
  })

  it('a slice refused by the risk limits pauses the algorithm with the reason; nothing reaches the exchange', async () => {
    const refuse = new TerminalError({ kind: 'validation', code: 'RISK_LIMIT', field: 'base_amount', message: 'The order was not sent: it would take the open orders over the limit of 10000 USDT.' })
    const run = runOf('algo-risk', {
      check: async () => {
        throw refuse
      },
    })
    const keeper = await run.newKeeper()
    const price = (await market.last()).minus(300).toDecimalPlaces(0)
    await keeper.algo({ type: 'algo-start', plan: demoAlgoPlan('algo-risk', { kind: 'iceberg', slice: '0.001', price: price.toFixed() }, '0.002', 'BUY', T) })
    const a = await run.algo()
    expect(a.state).toBe('paused')
    expect(a.pause?.reason).toBe('Order 1 was refused: The order was not sent: it would take the open orders over the limit of 10000 USDT.')
    expect(run.sent).toEqual([])
    expect((await run.ledger()).records).toEqual([])
  })

  it('cancel removes every order that rests and ends it cancelled; a queued start is kept under the id given', async () => {
    const run = runOf('algo-sc')
    const keeper = await run.newKeeper()
    const top = (await market.last()).minus(300).toDecimalPlaces(0)
    const plan = demoAlgoPlan('algo-sc', { kind: 'scaled', orders: 3, fromPrice: top.toFixed(), toPrice: top.minus(100).toFixed(), distribution: 'even' }, '0.003', 'BUY', T)
    // a second process (the CLI) cannot take the lock: its start waits in the inbox for the acting keeper
    const other = runOf('algo-sc')
    other.dir = run.dir
    expect(await (await other.newKeeper()).algo({ type: 'algo-start', plan })).toBeNull()
    expect(other.keeper!.acting()).toBe(false)
    await keeper.sync()
    expect((await run.ledger()).live.map((r) => r.price)).toEqual([top.minus(100), top.minus(50), top].map((p) => p.toFixed()))
    await other.keeper!.algo({ type: 'algo-cancel', id: 'algo-sc' })
    await keeper.sync()
    expect((await run.ledger()).live).toEqual([])
    expect(await run.algo()).toMatchObject({ state: 'cancelled', note: 'Cancelled by the trader with 0.003 BTC not filled' })
    expect(new Decimal((await run.ledger()).filled).toFixed()).toBe('0')
  })
})
