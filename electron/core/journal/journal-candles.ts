// The candles each journal trade's MAE and MFE are read from (domain/journal/excursion.ts), through
// the exchange client: 1-minute candles of the trade's time, 500 a request (the exchange's most).
// The trades of a pair that lie close together share their requests: a run of trades with less than
// a page between them is one span, read page by page. A trade longer than LONG_TRADE_MS is read from
// 1-hour candles (its extremes are the same; only its first and last hour say less exactly when),
// so one long trade does not cost dozens of requests. At most MAX_PAGES requests a read: the trades
// beyond are said not read, with the reason, never shown without their MAE and MFE silently.
import type { CandleInterval } from '../../domain/wire/constants'
import type { Candle } from '../../domain/wire/wire'
import { candlesOf } from '../../domain/journal/excursion'
import type { TripCandles } from '../../domain/journal/journal'
import type { RoundTrip } from '../../domain/journal/types'
import { toTerminalError } from '../../domain/errors'
import type { ExchangeClient } from '../exchange/client'

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000
const PAGE = 500
export const LONG_TRADE_MS = 3 * 24 * HOUR_MS
export const MAX_PAGES = 80

interface Span {
  pair: string
  interval: CandleInterval
  stepMs: number
  from: number
  to: number
  trips: RoundTrip[]
}

/** The spans to read: per pair, runs of trades less than a page apart; long trades each on their own, hourly. */
export function spansOf(trips: readonly RoundTrip[]): Span[] {
  const spans: Span[] = []
  const byPair = new Map<string, RoundTrip[]>()
  for (const t of trips) {
    const list = byPair.get(t.pair)
    if (list) list.push(t)
    else byPair.set(t.pair, [t])
  }
  for (const [pair, list] of byPair) {
    let open: Span | null = null
    for (const t of [...list].sort((a, b) => a.openedAt - b.openedAt)) {
      if (t.closedAt - t.openedAt > LONG_TRADE_MS) {
        spans.push({ pair, interval: '60', stepMs: HOUR_MS, from: t.openedAt, to: t.closedAt, trips: [t] })
        continue
      }
      if (open !== null && t.openedAt - open.to <= PAGE * MINUTE_MS) {
        open.to = Math.max(open.to, t.closedAt)
        open.trips.push(t)
      } else {
        open = { pair, interval: '1', stepMs: MINUTE_MS, from: t.openedAt, to: t.closedAt, trips: [t] }
        spans.push(open)
      }
    }
  }
  return spans
}

const candleCount = (span: Span): number => Math.floor(span.to / span.stepMs) - Math.floor(span.from / span.stepMs) + 1

/** Each trade's candles, by trade id, or why they are missing. */
export async function candlesForTrips(client: ExchangeClient, trips: readonly RoundTrip[], signal?: AbortSignal): Promise<Map<string, TripCandles<Candle>>> {
  const out = new Map<string, TripCandles<Candle>>()
  let pages = 0
  for (const span of spansOf(trips)) {
    const need = Math.ceil(candleCount(span) / PAGE)
    if (pages + need > MAX_PAGES) {
      for (const t of span.trips) out.set(t.id, { problem: `not read: a journal reads at most ${MAX_PAGES * PAGE} candles at a time; choose a shorter period` })
      continue
    }
    pages += need
    const label = span.interval === '1' ? '1-minute candles' : '1-hour candles (a trade longer than 3 days)'
    try {
      const candles: Candle[] = []
      const first = Math.floor(span.from / span.stepMs) * span.stepMs
      for (let since = first; since <= span.to; since += PAGE * span.stepMs) {
        const until = Math.min(since + (PAGE - 1) * span.stepMs, span.to)
        candles.push(...(await client.candles({ pair: span.pair, interval: span.interval, since: since / 1000, until: Math.floor(until / 1000), limit: PAGE }, signal ? { signal } : {})))
      }
      for (const t of span.trips) out.set(t.id, { candles: candlesOf(t, candles, span.stepMs), label })
    } catch (error) {
      if (signal?.aborted) throw error
      for (const t of span.trips) out.set(t.id, { problem: `the candles could not be read (${toTerminalError(error).message})` })
    }
  }
  return out
}
