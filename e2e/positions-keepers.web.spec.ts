// The keeper process itself under stress, run headless as the CLI runs it (keeper-process.ts): killed
// (SIGKILL) between a cancel and the places that follow it, then restarted; and two keepers started at
// once for one profile. What a trader reads (`positions`, the keeper's lines) and what the exchange
// holds (its counters, its orders) must agree: each order sent once, the step finished exactly once,
// the resting exits never more than what is held. Each test has its own still demo and data directory.
import { test, expect } from '@playwright/test'
import { demoStats, drivePrice, postFaults, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'
import {
  cli,
  expectExchangeSane,
  exchangeOrdersOf,
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

const sellingAndGuarded = (p: PositionView) => legs(p, 'target', 'resting').length === 1 && legs(p, 'stop', 'resting').length === 1
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

test('killed between the cancel and the place, restarted: it reconciles with the exchange and finishes the step once', async () => {
  test.setTimeout(90_000)
  demo = await startAdminDemo(63, { still: true })
  stage = await stageFor(demo)
  const l = levels(await lastPrice(demo, PAIR))
  const id = (await cli<{ position: PositionView }>(stage, protectArgs(l))).position.id
  const first = await startKeeper(stage)
  keepers.push(first)
  const stopLeg = legs(await first.waitFor(id, (p) => legs(p, 'stop', 'resting').length === 1), 'stop')[0]!

  // The order path answers slowly: the stop's cancel is at the exchange, unanswered, when the keeper dies.
  const before = await demoStats(demo)
  await postFaults(demo, { latencyMs: 3_000, onlyPaths: ['/trading/order'] })
  await drivePrice(demo, PAIR, l.target)
  await first.waitFor(id, (p) => legs(p, 'stop', 'cancelling').length === 1)
  await expect.poll(async () => (await demoStats(demo!)).cancelRequests - before.cancelRequests, { timeout: 10_000 }).toBe(1)
  await first.kill()
  await expect.poll(async () => (await exchangeOrdersOf(demo!, PAIR, id)).find((o) => o.client_order_id === stopLeg.clientOrderId)?.status, { timeout: 10_000 }).toBe('CANCELLED')
  await postFaults(demo, {})
  expect((await demoStats(demo)).orderRequests - before.orderRequests, 'nothing placed before the kill').toBe(0)
  // What the trader reads while no keeper runs: the stop being cancelled for the reached target, nothing sold.
  const [meanwhile] = await positionsOf(stage)
  expect(legs(meanwhile!, 'stop')[0]!.status).toBe('cancelling')
  expect(meanwhile!.targets[0]!.state).toBe('reached')
  expect(legs(meanwhile!, 'target')).toHaveLength(0)

  // Restarted: the dead keeper's lock goes stale (10 s) and is taken over; its first round reconciles.
  const second = await startKeeper(stage)
  keepers.push(second)
  const done = await second.waitFor(id, sellingAndGuarded, 40_000)
  await second.tookOver
  expect(done.legs.find((x) => x.clientOrderId === stopLeg.clientOrderId)?.status).toBe('done')
  expect(done.targets[0]!.state).toBe('done')
  await pause(4_500) // two more rounds: nothing more is sent
  const after = await demoStats(demo)
  expect(after.cancelRequests - before.cancelRequests, 'the one cancel').toBe(1)
  expect(after.orderRequests - before.orderRequests, 'the target sell and the new stop, once').toBe(2)
  const exchange = await expectExchangeSane(demo, PAIR, id)
  expect(exchange).toMatchObject({ bought: '0.01', sold: '0', resting: RECEIVED })
  const [shown] = await positionsOf(stage)
  expect(shown).toMatchObject({ state: 'open', protection: 'exchange' })
  expect(legs(shown!, 'target', 'resting')).toHaveLength(1)
})

test('two keepers started at once: one acts, the other only reads; every order reaches the exchange once, also after a take-over', async () => {
  test.setTimeout(90_000)
  demo = await startAdminDemo(64, { still: true })
  stage = await stageFor(demo)
  const l = levels(await lastPrice(demo, PAIR))
  const both = await Promise.all([startKeeper(stage), startKeeper(stage)])
  keepers.push(...both)
  expect(both.map((k) => k.acting).sort(), 'exactly one takes the lock').toEqual([false, true])
  const acting = both.find((k) => k.acting)!
  const idle = both.find((k) => !k.acting)!

  const before = await demoStats(demo)
  const queued = await cli<{ queued: boolean }>(stage, protectArgs(l))
  expect(queued.queued, 'a keeper runs: protect leaves its request to it').toBe(true)
  const guarded = await acting.waitFor('', (p) => legs(p, 'stop', 'resting').length === 1)
  const id = guarded.id
  await pause(4_500) // both keepers have had two more rounds
  expect(idle.changes, 'the other keeper changed nothing').toHaveLength(0)
  const mid = await demoStats(demo)
  expect(mid.orderRequests - before.orderRequests, 'the entry and the stop, once each').toBe(2)
  expect((await expectExchangeSane(demo, PAIR, id)).orders).toHaveLength(2)
  // The trader reads the state the acting keeper saved.
  expect((await positionsOf(stage))[0]).toMatchObject({ id, state: 'open', protection: 'exchange', filled: '0.01' })

  // The acting one dies; the other takes the stale lock over (10 s) and carries on from the saved state.
  await acting.kill()
  await idle.tookOver // its line once it holds the lock and has reconciled
  // (a target crossed before the take-over would not be sold: nobody watched; positions-unwatched.web.spec.ts)
  await drivePrice(demo, PAIR, l.target)
  const done = await idle.waitFor(id, sellingAndGuarded, 40_000)
  expect(done.targets[0]!.state).toBe('done')
  await pause(2_500)
  const after = await demoStats(demo)
  expect(after.orderRequests - before.orderRequests, 'entry, stop, then the target sell and the new stop').toBe(4)
  expect(after.cancelRequests - before.cancelRequests, 'the old stop cancelled once').toBe(1)
  const exchange = await expectExchangeSane(demo, PAIR, id)
  expect(exchange.orders).toHaveLength(4)
  expect(exchange).toMatchObject({ bought: '0.01', sold: '0', resting: RECEIVED })
})
