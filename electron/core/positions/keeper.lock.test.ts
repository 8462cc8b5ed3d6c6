// One keeper per profile: two keepers on one data directory, only the one holding the lock acts; the
// other reads the state and leaves its requests in the inbox, and takes over once the lock is free —
// or stale, left by a process that died. A start after a target was crossed unseen sells nothing.
import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { PositionPlan } from '../../domain/protection/types'
import { PLAN as BASE } from '../../domain/test/position-plan.test-util'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore } from './position-store'
import { fakeExchange } from './test/fake-exchange.test-util'

const PLAN: PositionPlan = { ...BASE, targets: [{ price: '110', share: '50' }] }

const dirs: string[] = []
const keepers: Keeper[] = []
afterEach(async () => {
  for (const k of keepers.splice(0)) await k.stop()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'keeper-lock-'))
  dirs.push(dir)
  const exchange = fakeExchange()
  const keeper = (onActing?: () => void): Keeper => {
    const k = createKeeper({ client: exchange.client, desk: exchange.desk, store: createPositionStore(dir, 'prof'), pollMs: 60_000, lockStaleMs: 2_000, ...(onActing ? { onActing } : {}) })
    keepers.push(k)
    return k
  }
  return { dir, exchange, keeper }
}

describe('one keeper per profile', () => {
  it('two keepers: only the one with the lock acts; the other reads, queues, and takes over when the lock is free', async () => {
    const { exchange, keeper } = setUp()
    const tookOver: string[] = []
    const first = keeper(() => tookOver.push('first'))
    const second = keeper(() => tookOver.push('second'))
    await first.start()
    await second.start()
    expect(first.acting()).toBe(true)
    expect(second.acting()).toBe(false)
    expect(tookOver).toEqual(['first'])

    expect(await second.open(PLAN)).toBeNull() // left in the inbox
    expect(exchange.state.placed).toBe(0)
    await second.sync()
    expect(exchange.state.placed).toBe(0) // still not the keeper: it sends nothing
    await first.sync()
    expect(exchange.state.placed).toBe(1)
    expect((await second.list()).map((p) => p.legs.map((l) => l.status))).toEqual([['resting']])

    await first.stop()
    await second.sync()
    expect(second.acting()).toBe(true)
    expect(tookOver).toEqual(['first', 'second']) // once it took the lock and reconciled
    await second.sync()
    expect(exchange.state.placed).toBe(1) // took over: the resting entry is known, nothing sent again
  })

  it('takes over the stale lock of a keeper that died', async () => {
    const { dir, keeper } = setUp()
    // a lock left behind, not refreshed for a minute
    const lockDir = `${createPositionStore(dir, 'prof').path}.lock`
    mkdirSync(lockDir, { recursive: true })
    const old = new Date(Date.now() - 60_000)
    utimesSync(lockDir, old, old)
    const k = keeper()
    await k.start()
    expect(k.acting()).toBe(true)
  })

  it('a start after the price crossed a target unseen sells nothing and marks the position for the trader', async () => {
    const { exchange, keeper } = setUp()
    const first = keeper()
    await first.start()
    exchange.state.fill = true // the entry fills at once
    await first.open(PLAN)
    exchange.state.fill = false
    await first.sync()
    const placed = exchange.state.placed
    expect((await first.list())[0]!.legs.map((l) => `${l.role}:${l.status}`)).toEqual(['entry:done', 'stop:resting'])
    await first.stop()

    exchange.state.price = '112' // past the target while no keeper ran
    const next = keeper()
    await next.start()
    const [p] = await next.list()
    expect(p!.attention).toEqual({ reason: 'target-crossed-unwatched', price: '112' })
    expect(exchange.state.placed).toBe(placed)
    expect(exchange.orders.every((o) => o.status !== 'CANCELLED')).toBe(true)
    // the trader carries on: the next price acts (the stop is cancelled for the target's sell)
    await next.acknowledge('p1')
    exchange.state.price = '112.5'
    await next.sync()
    expect((await next.list())[0]!.targets[0]!.state).toBe('done')
  })
})
