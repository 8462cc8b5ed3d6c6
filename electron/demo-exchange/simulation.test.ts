// The demo market once it moves (simulation.ts): the first pair moves from the start, every other pair
// only once it is warm, and the pairs nobody asked for are warmed from WARM_REST_MS on, one per timer
// turn, not all at once and not while a host's first window is still waiting for its answers.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assembleExchange } from './exchange-parts'
import { Faults } from './faults'
import { PAIRS } from './reference'

/** The warm-up's takers per pair (exchange-parts.ts); each trades once or more. */
const WARM_UP_TAKERS = 40

async function movingExchange() {
  // Timers are faked, setImmediate is not: the first pair's warm-up awaits real turns of the loop.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const parts = await assembleExchange({ seed: 3 }, new Faults())
  const tradesOf = (pair: string) => (JSON.parse(parts.state.engine.tradesJson(pair, 1000)) as unknown[]).length
  const warm = () => PAIRS.filter((p) => parts.state.engine.book(p.name).bids.levels.length > 0).map((p) => p.name)
  const stop = () => {
    parts.simulation.stop()
    parts.feed.close()
  }
  return { ...parts, tradesOf, warm, stop }
}

describe('the demo market after its start', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('moves only the first pair until the rest are warmed, from 1 s on, one pair per turn', async () => {
    const ex = await movingExchange()
    try {
      const [first, ...others] = PAIRS
      // Before 1 s the first pair has moved (its moves come every 0.2–2 s), no other has even quoted.
      vi.advanceTimersByTime(999)
      expect(ex.warm()).toEqual([first!.name])
      for (const p of others) expect(ex.tradesOf(p.name), p.name).toBe(0)
      // Then one more pair per timer turn, never all at once.
      const seen: number[] = []
      for (let turn = 0; turn < 40 && ex.warm().length < PAIRS.length; turn++) {
        vi.advanceTimersToNextTimer()
        seen.push(ex.warm().length)
      }
      expect(ex.warm()).toEqual(PAIRS.map((p) => p.name))
      const steps = seen.map((n, i) => n - (i === 0 ? 1 : seen[i - 1]!))
      expect(Math.max(...steps)).toBe(1)
      // Each one has its warm-up's trades and has not moved yet: its first move comes 0.2–2 s later.
      const warmedUp = others.map((p) => ex.tradesOf(p.name))
      for (const [i, p] of others.entries()) expect(warmedUp[i], p.name).toBeGreaterThanOrEqual(WARM_UP_TAKERS)
      vi.advanceTimersByTime(150)
      expect(others.map((p) => ex.tradesOf(p.name))).toEqual(warmedUp)
      vi.advanceTimersByTime(2_000)
      for (const [i, p] of others.entries()) expect(ex.tradesOf(p.name), p.name).toBeGreaterThan(warmedUp[i]!)
    } finally {
      ex.stop()
    }
  })

  it('warms a pair the moment it is asked for, and sets it moving from then', async () => {
    const ex = await movingExchange()
    try {
      const asked = PAIRS[2]!.name
      vi.advanceTimersByTime(100)
      ex.simulation.ensureWarm(asked)
      // (every pair before it too, so that the market is the same whichever pair is asked for first)
      expect(ex.warm()).toEqual(PAIRS.slice(0, 3).map((p) => p.name))
      const warmedUp = ex.tradesOf(asked)
      expect(warmedUp).toBeGreaterThanOrEqual(WARM_UP_TAKERS)
      vi.advanceTimersByTime(150)
      expect(ex.tradesOf(asked)).toBe(warmedUp)
      vi.advanceTimersByTime(2_000)
      expect(ex.tradesOf(asked)).toBeGreaterThan(warmedUp)
    } finally {
      ex.stop()
    }
  })
})
