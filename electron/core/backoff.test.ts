// The wait after repeated failures, as the exchange client and the feeds' poller use it.
import { describe, expect, it } from 'vitest'
import { backoffMs } from './backoff'
import { backoffDelayMs } from './exchange/retry'
import { startPoller } from './poller'

const middle = () => 0.5
const lowest = () => 0
const highest = () => 1 - Number.EPSILON

describe('backoffMs', () => {
  it('doubles with each failure in a row, starting from the first wait', () => {
    const waits = [1, 2, 3, 4, 5].map((n) => backoffMs(n, { firstMs: 100, jitter: 0.5 }, middle))
    expect(waits).toEqual([100, 200, 400, 800, 1600])
  })

  it('stops doubling at the ceiling, and the jitter still spreads the waits there', () => {
    const backoff = { firstMs: 1_000, maxMs: 5_000, jitter: 0.25 }
    expect(backoffMs(10, backoff, middle)).toBe(5_000)
    expect(backoffMs(10, backoff, lowest)).toBe(3_750)
    expect(backoffMs(10, backoff, highest)).toBe(6_250)
  })

  it('keeps every wait within the jitter band around the doubled wait', () => {
    for (let failures = 1; failures <= 8; failures++) {
      const doubled = 250 * 2 ** (failures - 1)
      for (let i = 0; i < 50; i++) {
        const wait = backoffMs(failures, { firstMs: 250, jitter: 0.5 }, Math.random)
        expect(wait).toBeGreaterThanOrEqual(Math.round(doubled * 0.5))
        expect(wait).toBeLessThanOrEqual(Math.round(doubled * 1.5))
      }
    }
  })

  it('treats zero or negative failures as the first one, never a shorter wait', () => {
    expect(backoffMs(0, { firstMs: 300, jitter: 0 }, middle)).toBe(300)
    expect(backoffMs(-3, { firstMs: 300, jitter: 0 }, middle)).toBe(300)
  })
})

describe('the exchange client and the poller wait by the same formula', () => {
  it('a GET waits 250 ms after its first failed try, then 500 ms, with ±50 % jitter', () => {
    expect([1, 2, 3].map((n) => backoffDelayMs(n, middle))).toEqual([250, 500, 1_000])
    expect(backoffDelayMs(1, lowest)).toBe(125)
    expect(backoffDelayMs(1, highest)).toBe(375)
  })

  it('a failing poll waits 2, 4, 8 intervals up to its ceiling, honours Retry-After, and returns to the interval after a success', async () => {
    const delays: number[] = []
    let pending: (() => void) | null = null
    const outcomes: (Error | null)[] = [new Error('down'), new Error('down'), new Error('down'), Object.assign(new Error('slow down'), { retryAfterMs: 9_000 }), null, new Error('down')]
    const poller = startPoller(
      async () => {
        const outcome = outcomes.shift()
        if (outcome) throw outcome
      },
      {
        intervalMs: 1_000,
        maxBackoffMs: 6_000,
        random: middle,
        setTimer: (fn, ms) => {
          delays.push(ms)
          pending = fn
          return { cancel: () => {} }
        },
      },
    )
    const results: number[] = []
    for (let i = 0; i < 6; i++) {
      const tick = pending as (() => void) | null
      pending = null
      tick?.()
      await new Promise((r) => setTimeout(r, 0))
      results.push(delays.at(-1)!)
    }
    poller.stop()
    // first the steady interval, then one wait per tick: 2 s, 4 s, capped at 6 s, Retry-After 9 s, back to 1 s, 2 s
    expect(delays[0]).toBe(1_000)
    expect(results).toEqual([2_000, 4_000, 6_000, 9_000, 1_000, 2_000])
  })
})
