// Hole repair on its own, against a scripted GET /charts: what the chart would show after a merge.
import { describe, expect, it } from 'vitest'
import { findHoles, repairCandles, type Span } from './candle-repair'
import { candleAt, createChartServer, holesIn } from './test/chart-server.test-util'

const M = 60
const T0 = 1_700_000_040 - (1_700_000_040 % M)
const run = (from: number, count: number) => Array.from({ length: count }, (_, i) => candleAt(from + i * M))
const options = (fetch: Parameters<typeof repairCandles>[2]['fetch']) => ({ fetch, intervalSec: M, keep: 500, maxRequests: 6, pageLimit: 500 })

describe('finding holes', () => {
  it('a hole is consecutive candles more than one interval apart, minus spans known to be empty', () => {
    const series = [...run(T0, 3), ...run(T0 + 10 * M, 2)] // missing T0+3 … T0+9
    expect(findHoles(series, M, [])).toEqual([{ from: T0 + 3 * M, to: T0 + 9 * M }])
    expect(findHoles(series, M, [{ from: T0 + 5 * M, to: T0 + 6 * M }])).toEqual([
      { from: T0 + 3 * M, to: T0 + 4 * M },
      { from: T0 + 7 * M, to: T0 + 9 * M },
    ])
    expect(findHoles(series, M, [{ from: T0 + 3 * M, to: T0 + 9 * M }])).toEqual([])
    // candles 90 s apart leave no room for a missing minute: uneven spacing, not a hole
    expect(findHoles([candleAt(T0), candleAt(T0 + 90)], M, [])).toEqual([])
  })
})

describe('repairing holes by paging', () => {
  it('a server that answers since with its newest page (and caps pages at 100): pages backwards until the hole is gone', async () => {
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 399 * M, pages: 'newest', cap: 100 })
    // what the feed had (the first 100) merged with the newest page the server gave for `since`
    const series = [...run(T0, 100), ...run(T0 + 300 * M, 100)]
    const known: Span[] = []
    const result = await repairCandles(series, known, options(server.fetch))
    expect(result.cut).toBe(false)
    expect(result.candles).toHaveLength(400)
    expect(holesIn(result.candles, M)).toEqual([])
    expect(result.filled).toHaveLength(200)
    expect(result.requests).toBe(2)
    expect(server.queries.every((q) => q.since !== undefined && q.until !== undefined)).toBe(true)
  })

  it('an outage longer than the window: the old candles are cut off, never joined across the hole', async () => {
    const series = [...run(T0, 50), ...run(T0 + 2_000 * M, 500)]
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 2_499 * M, pages: 'newest' })
    const result = await repairCandles(series, [], options(server.fetch))
    expect(result.cut).toBe(true)
    expect(result.candles[0]!.time).toBe(T0 + 2_000 * M)
    expect(holesIn(result.candles, M)).toEqual([])
    expect(result.requests).toBe(0) // nothing to fetch: the hole lies outside the window kept
  })

  it('fills only the part of a long hole the window keeps, then cuts the rest', async () => {
    const series = [...run(T0, 50), ...run(T0 + 1_000 * M, 300)]
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 1_299 * M, pages: 'oldest' })
    const result = await repairCandles(series, [], options(server.fetch))
    expect(result.candles).toHaveLength(500)
    expect(result.candles[0]!.time).toBe(T0 + 800 * M)
    expect(holesIn(result.candles, M)).toEqual([])
    expect(result.cut).toBe(true)
    expect(server.queries).toEqual([{ since: T0 + 800 * M, until: T0 + 999 * M, limit: 200 }])
  })

  it('intervals without trades: confirmed empty once, then accepted as known and never asked again', async () => {
    const quiet = (t: number) => t >= T0 + 5 * M && t <= T0 + 7 * M
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 19 * M, pages: 'newest', quiet })
    const series = [...run(T0, 3), ...run(T0 + 15 * M, 5)] // the feed missed T0+3 … T0+14
    const known: Span[] = []
    const first = await repairCandles(series, known, options(server.fetch))
    expect(holesIn(first.candles, M, quiet)).toEqual([])
    expect(first.candles.map((c) => c.time)).not.toContain(T0 + 6 * M)
    expect(first.cut).toBe(false)
    const asked = server.queries.length
    const again = await repairCandles(first.candles, known, options(server.fetch))
    expect(server.queries.length).toBe(asked)
    expect(again.candles).toEqual(first.candles)
  })

  it('a page cut short by the server is not taken for an empty span: its edge is asked for again', async () => {
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 59 * M, pages: 'oldest', cap: 10 })
    const series = [candleAt(T0), candleAt(T0 + 59 * M)]
    const result = await repairCandles(series, [], options(server.fetch))
    expect(result.candles).toHaveLength(60)
    expect(result.requests).toBe(6)
    expect(result.cut).toBe(false)
  })

  it('a server that ignores since and until: the hole cannot be filled, so the series restarts after it', async () => {
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 99 * M, pages: 'newest', cap: 20, ignoresBounds: true })
    const series = [...run(T0, 10), ...run(T0 + 90 * M, 10)]
    const known: Span[] = []
    const result = await repairCandles(series, known, options(server.fetch))
    expect(result.cut).toBe(true)
    // the candles its answer did hold inside the hole are used; beyond them the series is cut
    expect(result.candles.map((c) => c.time)).toEqual(run(T0 + 80 * M, 20).map((c) => c.time))
    expect(holesIn(result.candles, M)).toEqual([])
    expect(known).toEqual([]) // its silence proved nothing
  })

  it('a server that refuses since/until for good: the series restarts after the hole instead of failing every poll', async () => {
    const refused = Object.assign(new Error('since is not supported'), { refused: true })
    const result = await repairCandles([...run(T0, 10), ...run(T0 + 90 * M, 10)], [], {
      ...options(async () => {
        throw refused
      }),
      refusesPaging: (error) => (error as { refused?: boolean }).refused === true,
    })
    expect(result.cut).toBe(true)
    expect(result.candles).toHaveLength(10)
  })

  it('a request that fails leaves the series untouched for the next poll to try again', async () => {
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 99 * M, pages: 'newest' })
    server.setDown(true)
    await expect(repairCandles([...run(T0, 10), ...run(T0 + 90 * M, 10)], [], options(server.fetch))).rejects.toThrow('connection refused')
  })
})
