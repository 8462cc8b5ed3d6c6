// The touch (best bid and ask) of the pairs with a running chase, from the exchange's live feed, for
// the keeper: a chase whose order the touch left is placed again at once (cancel, confirmed, then
// place) instead of at the next poll.
//
// Each pair's book is kept from the feed's snapshot and diffs by live/book-sync.ts, as the window's
// book is: re-read on any doubt (a reconnect, the feed leaving live, a malformed frame, a crossed
// book), and showing nothing meanwhile. While a pair's book is not live nothing comes from here: the
// keeper's polling reads the ticker's touch then, as it always does. Back live, the fresh book's
// touch is the next one told.
//
// A burst of diffs is coalesced (feed-batches.ts): a pair's book is read at most once per turn of the
// event loop, never while the keeper is still carrying out the last batch, and only a touch that
// differs from the last one told goes to the keeper.
import { createBookSync, restBookReader, type BookSync } from '../live/book-sync'
import type { LiveSource } from '../live/live-link'
import type { ExchangeClient } from '../exchange/client'
import { createFeedBatches } from './feed-batches'

export interface Touch {
  bid: string | null
  ask: string | null
}

export interface LiveTouchDeps {
  /** The live feed of the profile session, or null where there is none (asked again until there is one). */
  source: () => LiveSource | null
  /** The REST order book, read when the feed's snapshot does not come and to check the kept book. */
  client: Pick<ExchangeClient, 'orderbook'>
  /** Steps each pair's new touch; resolves once the steps and their orders are done. */
  step(touches: ReadonlyMap<string, Touch>): Promise<void>
}

export interface LiveTouch {
  /** Follows exactly these pairs: new ones are subscribed, the others let go. */
  follow(pairs: Iterable<string>): void
  /** How many batches of touches went to the keeper (tests, the bench). */
  stats(): { batches: number; touches: number }
  stop(): void
}

/** Levels a side the REST re-read takes: the touch needs one, the comparison with the kept book 50. */
const REST_DEPTH = 200

export function createLiveTouch(deps: LiveTouchDeps): LiveTouch {
  let source: LiveSource | null = null
  const books = new Map<string, { sync: BookSync; off: () => void }>()
  /** The last touch told per pair (`bid/ask`): an unchanged one is not told again. */
  const told = new Map<string, string>()
  let touches = 0
  let stopped = false

  const batches = createFeedBatches<BookSync>(async (batch) => {
    const changed = new Map<string, Touch>()
    for (const [pair, sync] of batch) {
      const view = sync.view(1)
      if (view.state !== 'live' || books.get(pair)?.sync !== sync) continue
      const touch = { bid: view.bids[0]?.price ?? null, ask: view.asks[0]?.price ?? null }
      const key = `${touch.bid}/${touch.ask}`
      if (told.get(pair) === key) continue
      told.set(pair, key)
      changed.set(pair, touch)
    }
    if (changed.size === 0) return
    touches += changed.size
    await deps.step(changed)
  })

  function attach(live: LiveSource, pair: string) {
    const sync = createBookSync({ feed: live, pair, readSnapshot: restBookReader(deps.client, pair, REST_DEPTH) })
    const off = sync.onChange((state) => {
      if (stopped) return
      if (state === 'live') batches.put(pair, sync)
      else told.delete(pair) // a book in doubt: its next live touch is told whatever it is
    })
    return { sync, off }
  }

  function letGo(pair: string): void {
    const book = books.get(pair)
    if (book === undefined) return
    book.off()
    book.sync.close()
    books.delete(pair)
    batches.drop(pair)
    told.delete(pair)
  }

  return {
    follow(pairs) {
      if (stopped) return
      const wanted = new Set(pairs)
      for (const pair of [...books.keys()]) if (!wanted.has(pair)) letGo(pair)
      source ??= wanted.size > 0 ? deps.source() : null
      if (source === null) return
      for (const pair of wanted) if (!books.has(pair)) books.set(pair, attach(source, pair))
    },
    stats: () => ({ batches: batches.batches(), touches }),
    stop() {
      stopped = true
      batches.stop()
      for (const pair of [...books.keys()]) letGo(pair)
    },
  }
}
