// The feed's lag (arrival less the exchange's time) over the last minute, and its reconnects, as the
// live link tells them.
import { describe, expect, it } from 'vitest'
import { createFeedWatch, LAG_SAMPLES } from './feed-watch'

const T0 = Date.UTC(2026, 0, 31, 12)

function clock() {
  let t = T0
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

describe('feed watch', () => {
  it('gives the median and the worst lag of the last minute’s frames, and nothing when there were none', () => {
    const c = clock()
    const watch = createFeedWatch(c.now)
    const link = watch.link()
    expect(watch.lag()).toBeNull()
    // A frame that arrived 2 s late, long ago: out of the minute by the end.
    link.frame((c.now() - 2000) / 1000, null)
    c.advance(61_000)
    for (const late of [10, 30, 20, 400]) link.frame((c.now() - late) / 1000, null)
    expect(watch.lag()).toEqual({ frames: 4, p50Ms: 25, maxMs: 400, clockCorrected: false, lastFrameAt: c.now() })
    c.advance(61_000)
    expect(watch.lag()).toBeNull()
  })

  it('takes the clock difference off when the client measured it, and says so', () => {
    const c = clock()
    const watch = createFeedWatch(c.now)
    // The exchange's clock runs 5 s ahead: a frame 30 ms late bears a time 4.97 s after ours.
    watch.link().frame((c.now() + 4970) / 1000, 5000)
    expect(watch.lag()).toMatchObject({ frames: 1, p50Ms: 30, maxMs: 30, clockCorrected: true })
  })

  it('keeps the newest frames only', () => {
    const c = clock()
    const watch = createFeedWatch(c.now)
    const link = watch.link()
    for (let i = 0; i < LAG_SAMPLES + 10; i++) link.frame((c.now() - (i < 10 ? 9000 : 5)) / 1000, null)
    expect(watch.lag()).toMatchObject({ frames: LAG_SAMPLES, maxMs: 5 })
  })

  it('counts a feed that came back after it was lost, not a link’s first connection', () => {
    const c = clock()
    const watch = createFeedWatch(c.now)
    const link = watch.link()
    link.status(false, null)
    link.status(true, null) // the first connection
    expect(watch.reconnects().count).toBe(0)
    c.advance(1000)
    link.status(false, 'connection closed (1006)')
    link.status(false, 'connect ECONNREFUSED 127.0.0.1:1') // still down: not lost again
    c.advance(2000)
    link.status(true, null)
    expect(watch.reconnects()).toEqual({
      count: 1,
      lastLostAt: T0 + 1000,
      lastReconnectedAt: T0 + 3000,
      recent: [
        { at: T0 + 3000, kind: 'reconnected', reason: null },
        { at: T0 + 1000, kind: 'lost', reason: 'connection closed (1006)' },
      ],
    })
    // A new profile session's link starts afresh: its first connection is no reconnect.
    watch.link().status(true, null)
    expect(watch.reconnects().count).toBe(1)
  })
})
