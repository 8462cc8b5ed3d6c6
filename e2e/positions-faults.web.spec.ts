// Protected positions against the demo's fault modes, with the keeper run headless as the CLI runs
// it (keeper-process.ts): a cancel whose answer is lost, and an entry whose place times out. Each
// test asserts what a trader reads (`positions`, the keeper's lines) and what the exchange holds
// (its counters and its order list): nothing sent twice, nothing sold beyond what was bought, the
// resting exits never more than what is held. Each test has its own still demo and data directory.
import { test, expect } from '@playwright/test'
import { demoStats, drivePrice, postFaults, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'
import {
  cli,
  expectExchangeSane,
  HALF_RECEIVED,
  lastPrice,
  legs,
  levels,
  PAIR,
  positionsOf,
  protectArgs,
  RECEIVED,
  stageFor,
  startKeeper,
  type CliStage,
  type KeeperProcess,
  type PositionView,
} from './keeper-process'

let demo: AdminDemo | undefined
let stage: CliStage | undefined
const keepers: KeeperProcess[] = []

test.afterEach(async () => {
  for (const k of keepers.splice(0)) await k.stop()
  await stopAdminDemo(demo)
  stage?.remove()
})

test('a cancel whose answer is lost: the keeper reads the order, confirms it, then sells the target and places the new stop, once', async () => {
  demo = await startAdminDemo(61, { still: true })
  stage = await stageFor(demo)
  const l = levels(await lastPrice(demo, PAIR))
  // No keeper runs: `protect` sends the entry itself and lets go.
  const opened = await cli<{ queued: boolean; position: PositionView }>(stage, protectArgs(l))
  expect(opened.queued).toBe(false)
  const id = opened.position.id
  const keeper = await startKeeper(stage)
  keepers.push(keeper)
  expect(keeper.acting).toBe(true)
  // Its first round finds the entry filled and places the stop at the exchange.
  const guarded = await keeper.waitFor(id, (p) => legs(p, 'stop', 'resting').length === 1)
  expect(guarded).toMatchObject({ state: 'open', filled: '0.01', protection: 'exchange' })
  const stopLeg = legs(guarded, 'stop')[0]!

  const before = await demoStats(demo)
  expect((await postFaults(demo, { dropCancelResponse: true, failTimes: 1 })).status).toBe(200)
  await drivePrice(demo, PAIR, l.target)
  // The stop's cancel executes; its answer never comes. The keeper confirms it from the order's record.
  const sold = await keeper.waitFor(id, (p) => legs(p, 'target', 'resting').length === 1 && legs(p, 'stop', 'resting').length === 1)
  expect(sold.targets[0]!.state).not.toBe('waiting')
  expect(sold.legs.find((x) => x.clientOrderId === stopLeg.clientOrderId)?.status).toBe('done')
  expect(legs(sold, 'target')[0]!.amount).toBe(HALF_RECEIVED)
  expect(legs(sold, 'stop', 'resting')[0]!.amount).toBe(HALF_RECEIVED)

  // Two more rounds: nothing is cancelled again, nothing placed again.
  await new Promise((r) => setTimeout(r, 4_500))
  const after = await demoStats(demo)
  expect(after.cancelRequests - before.cancelRequests, 'cancels that reached the exchange').toBe(1)
  expect(after.orderRequests - before.orderRequests, 'orders that reached the exchange: the target sell and the new stop').toBe(2)
  const exchange = await expectExchangeSane(demo, PAIR, id)
  expect(exchange).toMatchObject({ bought: '0.01', sold: '0', resting: RECEIVED })
  expect(exchange.live.map((o) => o.client_order_id).sort()).toEqual(
    sold.legs
      .filter((x) => x.status === 'resting')
      .map((x) => x.clientOrderId)
      .sort(),
  )
  // What the trader reads: the same, from the file the keeper saved.
  const [shown] = await positionsOf(stage)
  expect(shown).toMatchObject({ id, state: 'open', protection: 'exchange', exited: '0' })
  expect(legs(shown!, 'stop', 'resting')).toHaveLength(1)
})

test('an entry whose place times out: outcome unknown, shown, looked up by its client_order_id and found, never sent again', async () => {
  demo = await startAdminDemo(62, { still: true })
  stage = await stageFor(demo)
  const l = levels(await lastPrice(demo, PAIR))
  // The keeper runs first, with a short timeout; the order path answers later than that.
  const keeper = await startKeeper(stage, ['--timeout-ms', '1500'])
  keepers.push(keeper)
  expect(keeper.acting).toBe(true)
  const before = await demoStats(demo)
  expect((await postFaults(demo, { latencyMs: 6_000, onlyPaths: ['/trading/order'] })).status).toBe(200)
  const queued = await cli<{ queued: boolean }>(stage, protectArgs(l))
  expect(queued.queued, 'a keeper runs: protect leaves its request to it').toBe(true)

  // The place times out and the first look-up finds nothing yet: the entry's outcome is unknown.
  const unknown = await keeper.waitFor('', (p) => legs(p, 'entry', 'unknown').length === 1, 25_000)
  const id = unknown.id
  expect(unknown.state).toBe('pending')
  const [shown] = await positionsOf(stage)
  expect(legs(shown!, 'entry')[0]).toMatchObject({ status: 'unknown', orderId: null })
  await postFaults(demo, {})

  // The order arrives late; the next look-up finds it by its client_order_id; the stop follows.
  const guarded = await keeper.waitFor(id, (p) => legs(p, 'stop', 'resting').length === 1, 25_000)
  expect(guarded).toMatchObject({ state: 'open', filled: '0.01', protection: 'exchange' })
  const entryLeg = legs(guarded, 'entry')[0]!
  expect(entryLeg.status).toBe('done')
  const after = await demoStats(demo)
  expect(after.orderRequests - before.orderRequests, 'the entry once, then the stop').toBe(2)
  const exchange = await expectExchangeSane(demo, PAIR, id)
  expect(exchange.orders.filter((o) => o.client_order_id === entryLeg.clientOrderId)).toHaveLength(1)
  expect(exchange.orders.find((o) => o.client_order_id === entryLeg.clientOrderId)?.id).toBe(Number(entryLeg.orderId))
  expect(exchange).toMatchObject({ bought: '0.01', sold: '0', resting: RECEIVED })
})
