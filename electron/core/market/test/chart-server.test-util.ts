// A scripted GET /charts for the gap tests: one candle per interval except where the market had no
// trade, a clock that moves on, outages, and a choice of which end of a span a page comes from (the
// specification does not say; the demo exchange answers with the newest page).
import type { Candle, CandleInterval } from '../../../domain/wire/wire'
import { TerminalError } from '../../../domain/errors'
import type { ExchangeClient } from '../../exchange/client'

export interface ChartServerOptions {
  intervalSec: number
  /** Time of the first and of the current (live) candle. */
  first: number
  last: number
  /** 'newest': a span with more candles than the limit answers with its newest ones. */
  pages: 'newest' | 'oldest'
  /** The server's own cap on a page, whatever limit is asked (the specification says 500). */
  cap?: number
  /** Times without a candle: no trade in that interval. */
  quiet?: (time: number) => boolean
  /** Ignores since and until altogether (a broken server). */
  ignoresBounds?: boolean
}

export interface ChartQuery {
  since?: number | undefined
  until?: number | undefined
  limit?: number | undefined
}

export function candleAt(time: number, price = time / 60): Candle {
  return { time, open: price, close: price, low: price, high: price, volume: 1 }
}

export function createChartServer(options: ChartServerOptions) {
  const iv = options.intervalSec
  let last = options.last
  let down = false
  const queries: ChartQuery[] = []
  const all = (): Candle[] => {
    const out: Candle[] = []
    for (let t = options.first; t <= last; t += iv) if (!options.quiet?.(t)) out.push(candleAt(t))
    return out
  }
  const answer = (q: ChartQuery): Candle[] => {
    queries.push(q)
    if (down) throw new TerminalError({ kind: 'network', code: 'ECONNREFUSED', message: 'connection refused' })
    const bounded = options.ignoresBounds ? all() : all().filter((c) => (q.since === undefined || c.time >= q.since) && (q.until === undefined || c.time <= q.until))
    const n = Math.min(q.limit ?? 500, options.cap ?? 500)
    return options.pages === 'newest' ? bounded.slice(-n) : bounded.slice(0, n)
  }
  const client = {
    candles: async (q: { pair: string; interval: CandleInterval } & ChartQuery) => answer({ since: q.since, until: q.until, limit: q.limit }),
    trades: async () => [],
    ticker: async () => [],
  } as unknown as ExchangeClient
  return {
    client,
    queries,
    fetch: async (q: ChartQuery) => answer(q),
    /** The clock moves on by `intervals` candles. */
    advance(intervals: number) {
      last += intervals * iv
    },
    setDown(value: boolean) {
      down = value
    },
    get last() {
      return last
    },
  }
}

/** The gaps of a sorted series that are not quiet intervals of the server: what a user would see as a hole. */
export function holesIn(candles: readonly Candle[], intervalSec: number, quiet: (time: number) => boolean = () => false): number[] {
  const missing: number[] = []
  for (let i = 1; i < candles.length; i++) {
    for (let t = candles[i - 1]!.time + intervalSec; t < candles[i]!.time; t += intervalSec) if (!quiet(t)) missing.push(t)
  }
  return missing
}
