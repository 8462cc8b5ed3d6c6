// The streamed half of a market feed (market-feed.ts): trades and the ticker of one pair from the live
// feed, and the last candle built from those trades.
//
// After every (re)connect the REST snapshot comes first: trades that arrive while it is read are held
// and applied after it, so no candle is ever built across the gap of a lost connection (the missed
// trades are in REST's candles, not in the stream). While the feed is not live nothing from it is
// used; the market feed polls at the full rate meanwhile.
import { Decimal } from '../../domain/decimal'
import type { FeedMode } from '../../domain/api/api'
import type { Candle, Ticker, Trade } from '../../domain/wire/wire'
import type { FeedEvent, TickerRow, TradeEvent } from './frames'
import type { LiveSource } from './live-link'

export interface StreamHooks {
  /** The REST snapshot after a (re)connect: trades, candles and ticker read again and merged. */
  resync(): Promise<void>
  trade(trade: Trade): void
  ticker(ticker: Ticker): void
  mode(mode: FeedMode): void
}

export interface MarketStream {
  stop(): void
}

/** A feed trade as the REST trade it stands for; null when its id is not the integer REST uses. */
export function tradeOf(event: TradeEvent): Trade | null {
  const id = Number(event.id)
  if (!Number.isSafeInteger(id)) return null
  return { id, pair: event.pair, price: event.price, amount: event.amount, timestamp: event.time, type: event.direction }
}

export function tickerOf(row: TickerRow): Ticker {
  return { pair: row.pair, last: row.close, buy: row.bid, sell: row.ask, high: row.high, low: row.low, vol: row.baseVolume, diff_percent: row.change }
}

/**
 * The series' last candle after one trade, or null when the trade does not belong at its end (older
 * than the last candle: the REST reconciliation has the final word on those). A trade in a later
 * bucket opens a new candle: the stream was unbroken since the last snapshot, so the buckets between
 * had no trades.
 */
export function candleAfter(last: Candle | undefined, trade: Trade, intervalSec: number): Candle | null {
  if (!last) return null
  const bucket = Math.floor(trade.timestamp / intervalSec) * intervalSec
  const price = Number(trade.price)
  const amount = Number(trade.amount)
  if (bucket < last.time) return null
  if (bucket > last.time) return { time: bucket, open: price, high: price, low: price, close: price, volume: amount }
  // The volume is summed exactly; the candle's numbers are for drawing only.
  const volume = new Decimal(String(last.volume)).plus(trade.amount).toNumber()
  return { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price, volume }
}

const HELD_MAX = 5_000
const RESYNC_RETRY_MS = 2_000

export function attachStream(live: LiveSource, pair: string, hooks: StreamHooks): MarketStream {
  let stopped = false
  /** Trades held while the REST snapshot of a (re)connect is read. */
  let held: Trade[] = []
  /** False from the moment the socket is lost until the REST snapshot after the next connect is in. */
  let inStep = live.mode() === 'live'
  let resyncs = 0
  let retry: NodeJS.Timeout | null = null

  const resync = async (): Promise<void> => {
    const mine = ++resyncs
    inStep = false
    held = []
    if (retry) clearTimeout(retry)
    try {
      await hooks.resync()
    } catch {
      // REST failed too: stay out of step (nothing built on a hole) and try again while live.
      if (!stopped && mine === resyncs && live.mode() === 'live') {
        retry = setTimeout(() => void resync(), RESYNC_RETRY_MS)
        retry.unref()
      }
      return
    }
    if (stopped || mine !== resyncs || live.mode() !== 'live') return
    const waiting = held
    held = []
    inStep = true
    for (const t of waiting) hooks.trade(t)
  }

  const onEvent = (event: FeedEvent): void => {
    if (stopped || live.mode() !== 'live') return
    if (event.kind === 'trade' && event.pair === pair) {
      const trade = tradeOf(event)
      if (!trade) return
      if (inStep) hooks.trade(trade)
      else if (held.length < HELD_MAX) held.push(trade)
      else void resync() // a snapshot that takes this long is read again rather than held for ever
    } else if (event.kind === 'ticker' && inStep) {
      const row = event.tickers.find((r) => r.pair === pair)
      if (row) hooks.ticker(tickerOf(row))
    }
  }

  const disposers = [
    live.subscribe([`trade.${pair}`, `ticker.${pair}`]),
    live.onEvent(onEvent),
    live.onConnected(() => void resync()),
    live.onMode((mode) => {
      if (stopped) return
      if (mode !== 'live') {
        inStep = false
        held = []
      }
      hooks.mode(mode)
    }),
  ]

  return {
    stop() {
      stopped = true
      if (retry) clearTimeout(retry)
      for (const d of disposers) d()
    },
  }
}
