// What one pair's market feed (market-feed.ts) needs and what it offers.
import type { CandleInterval } from '../../domain/wire/wire'
import type { EventPayloads, MarketSnapshot, Untagged } from '../../domain/api/api'
import type { ExchangeClient } from '../exchange/client'
import type { LiveSource } from '../live/live-link'
import type { MarketCache } from './market-cache'

// The terminal tags each payload with the session the feed belongs to (terminal-market.ts).
type Emit = <E extends keyof EventPayloads>(event: E, payload: Untagged<EventPayloads[E]>) => void

export interface MarketFeedDeps {
  client: ExchangeClient
  cache: MarketCache | null
  emit: Emit
  now?: () => number
  rates?: { tradesMs: number; candlesMs: number; tickerMs: number }
  /** The live feed of the session; null or absent: polling only. */
  live?: LiveSource | null
  /** Poll rates while the live feed streams: a reconciliation that catches what the stream missed. */
  reconcileRates?: { tradesMs: number; candlesMs: number; tickerMs: number }
}

export interface MarketFeed {
  readonly pair: string
  readonly interval: CandleInterval
  start(): Promise<MarketSnapshot>
  /** The market as the feed holds it now, every update so far applied; null before start() answered. */
  current(): MarketSnapshot | null
  stop(): void
}
