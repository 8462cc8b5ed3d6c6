import { describe, expect, it } from 'vitest'
import { mapBounded } from './bounded'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('mapBounded', () => {
  it('keeps at most `limit` in flight, more than one when there is more to do, and answers in the items’ order', async () => {
    let inFlight = 0
    let most = 0
    const out = await mapBounded([5, 1, 4, 2, 3, 6, 7], 3, async (n) => {
      most = Math.max(most, ++inFlight)
      for (let i = 0; i < n; i++) await tick()
      inFlight--
      return n * 10
    })
    expect(out).toEqual([50, 10, 40, 20, 30, 60, 70])
    expect(most).toBe(3)
  })

  it('starts nothing more after a failure, and throws it', async () => {
    const started: number[] = []
    const run = mapBounded([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n)
      await tick()
      if (n === 2) throw new Error('the exchange is down')
      return n
    })
    await expect(run).rejects.toThrow('the exchange is down')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(started.length).toBeLessThanOrEqual(3)
  })

  it('an empty list is an empty answer', async () => {
    expect(await mapBounded([], 4, async () => 1)).toEqual([])
  })
})
