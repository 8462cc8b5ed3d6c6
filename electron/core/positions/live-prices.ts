// The kept pairs' last prices from the exchange's live feed (live/), for the keeper: each trade of a
// kept pair reaches the keeper at once, so a target, a trailing or breakeven move or a stop the
// terminal keeps is acted on within milliseconds instead of at the next poll.
//
// Through the market stream (live/market-stream.ts), as the chart's trades are: while the feed is not
// live nothing comes from it (the keeper's polling reads the prices then, as it always does); after
// every (re)connect the stream holds the pair's trades until the REST snapshot is in — here one round
// of the keeper (orders and ticker), shared by all the pairs — so nothing is missed across a lost
// connection and no price older than that round is stepped after it.
//
// A burst is coalesced (feed-batches.ts): the newest price per pair is kept, the keeper gets them at
// most once per turn of the event loop, and never again while it is still carrying out the last batch
// (stepping, saving, sending its orders): the prices that came meanwhile go as the next batch.
import type { LiveSource } from '../live/live-link'
import { attachStream, type MarketStream } from '../live/market-stream'
import { createFeedBatches } from './feed-batches'

export interface LivePricesDeps {
  /** The live feed of the profile session, or null where there is none (asked again until there is one). */
  source: () => LiveSource | null
  /** Steps each pair's newest price; resolves once the steps and their orders are done. */
  step(prices: ReadonlyMap<string, string>): Promise<void>
  /** One round of the keeper by REST (orders and ticker): the snapshot after every (re)connect. */
  resync(): Promise<void>
}

export interface LivePrices {
  /** Follows exactly these pairs: new ones are subscribed, the others let go. */
  follow(pairs: Iterable<string>): void
  /** How many batches went to the keeper, and how many trades they stood for (tests, the bench). */
  stats(): { batches: number; trades: number }
  stop(): void
}

export function createLivePrices(deps: LivePricesDeps): LivePrices {
  let source: LiveSource | null = null
  const streams = new Map<string, MarketStream>()
  const batches = createFeedBatches<string>(deps.step)
  let stopped = false
  let resyncing: Promise<void> | null = null
  let trades = 0

  // every pair's stream asks at a (re)connect: one round answers them all
  const resync = (): Promise<void> => (resyncing ??= deps.resync().finally(() => (resyncing = null)))

  function attach(live: LiveSource, pair: string): MarketStream {
    return attachStream(live, pair, {
      resync,
      trade(trade) {
        if (stopped || !streams.has(pair)) return
        trades++
        batches.put(pair, trade.price)
      },
      ticker: () => undefined, // the trades carry every last price, the ticker only repeats it
      mode: () => undefined, // not live: the keeper's polling carries on as it always does
    })
  }

  return {
    follow(pairs) {
      if (stopped) return
      const wanted = new Set(pairs)
      for (const [pair, stream] of streams) {
        if (wanted.has(pair)) continue
        stream.stop()
        streams.delete(pair)
        batches.drop(pair)
      }
      source ??= wanted.size > 0 ? deps.source() : null
      if (source === null) return
      for (const pair of wanted) if (!streams.has(pair)) streams.set(pair, attach(source, pair))
    },
    stats: () => ({ batches: batches.batches(), trades }),
    stop() {
      stopped = true
      batches.stop()
      for (const stream of streams.values()) stream.stop()
      streams.clear()
    },
  }
}
