// Keeps one pair's order book from the live feed: snapshot + diffs (local-book.ts), and a re-read on
// any doubt — a reconnect, the feed leaving 'live', a malformed frame (it may have been a diff), a diff
// before the snapshot, a crossed book, a level removed that was never there — and, because the feed has
// no sequence numbers to reveal a lost diff, a comparison with REST on a timer. A re-read first asks the
// feed for a snapshot (subscribing to diff.<PAIR> again: the demo answers with one, in order with the
// diffs); if none comes in time, it reads REST. While in doubt the book shows nothing rather than a
// book built across a gap. The trader's own resting orders (private `o` frames) are checked against
// the book too (own-levels.ts): a lost diff of the one level the trader watches shows at once.
//
// It reads the feed through what the terminal's live link offers (LiveSource): the same socket, mode
// and subscriptions as the market's trades; the CLI's watch wraps a client of its own
// (sourceOfClient).
import type { LiveSource } from './live-link'
import type { FeedEvent } from './frames'
import type { BookSides } from './local-book'
import { LocalBook } from './local-book'
import { OwnLevels } from './own-levels'

export type BookState = 'syncing' | 'live' | 'doubtful'

export interface BookView extends BookSides {
  pair: string
  state: BookState
  /** Why it is not live (null when live). */
  reason: string | null
}

export type BookFeed = Pick<LiveSource, 'mode' | 'onMode' | 'subscribe' | 'resubscribe' | 'onEvent' | 'onMalformed' | 'onConnected'>

export interface BookSyncOptions {
  feed: BookFeed
  pair: string
  /** REST GET /orderbook of the pair, as levels; `depth`: levels a side wanted (a comparison), or all (a re-read). */
  readSnapshot(depth?: number): Promise<BookSides>
  /** How often the live book is compared with REST; default 15 s. */
  recheckMs?: number
  /** How long a re-read waits for the feed's snapshot before reading REST; default 1 s. */
  snapshotWaitMs?: number
  /** Levels a side that the comparison looks at; default 50. */
  compareDepth?: number
  /** How long after its update an own order must be in the book; default 500 ms. */
  ownGraceMs?: number
  now?: () => number
}

export interface BookSync {
  /** The book now, down to `depth` levels a side (default: all); empty unless live. */
  view(depth?: number): BookView
  /** Something changed; the view is read when wanted (at 50+ diffs a second, not once per diff). */
  onChange(listener: (state: BookState) => void): () => void
  /** Every doubt, with its reason, as it happens. */
  onDoubt(listener: (reason: string) => void): () => void
  close(): void
}

const SECOND_LOOK_MS = 300

export function createBookSync(options: BookSyncOptions): BookSync {
  const { feed, pair } = options
  const now = options.now ?? Date.now
  const live = (): boolean => feed.mode() === 'live'
  const topic = `diff.${pair}`
  const book = new LocalBook()
  const own = new OwnLevels(pair)
  const changeListeners = new Set<(state: BookState) => void>()
  const doubtListeners = new Set<(reason: string) => void>()
  let state: BookState = 'syncing'
  let reason: string | null = 'waiting for the first snapshot'
  let closed = false
  let fallbackTimer: NodeJS.Timeout | null = null
  let recheckTimer: NodeJS.Timeout | null = null
  /** Diffs that arrive while REST is being read: applied on top of its answer. */
  let heldDiffs: BookSides[] | null = null

  const view = (depth?: number): BookView => ({ pair, state, reason, ...(state === 'live' ? book.sides(depth) : { asks: [], bids: [] }) })
  const changed = (): void => {
    for (const fn of [...changeListeners]) fn(state)
  }
  const timer = (fn: () => void, ms: number): NodeJS.Timeout => {
    const t = setTimeout(fn, ms)
    t.unref()
    return t
  }

  /** `since`: when the fresh book was asked for (a REST read may predate an order frame that came meanwhile). */
  const goLive = (since: number): void => {
    if (fallbackTimer) clearTimeout(fallbackTimer)
    fallbackTimer = null
    state = 'live'
    reason = null
    own.settle((side, price) => book.amountAt(side, price), since)
    if (own.size > 0) timer(checkOwn, ownGraceMs)
    if (recheckTimer) clearTimeout(recheckTimer)
    recheckTimer = timer(recheck, options.recheckMs ?? 15_000)
    changed()
  }

  /** Stops trusting the book; `askFeed`: ask the feed for a fresh snapshot (not needed right after a connect, which subscribes anyway). */
  const doubt = (why: string, askFeed: boolean): void => {
    if (closed) return
    book.doubt()
    for (const fn of [...doubtListeners]) fn(why)
    const wasDoubtful = state === 'doubtful'
    state = 'doubtful'
    reason = why
    if (recheckTimer) clearTimeout(recheckTimer)
    recheckTimer = null
    if (!wasDoubtful) changed()
    if (!live()) return // the next connect resubscribes, and that is the re-read
    if (askFeed) feed.resubscribe([topic])
    fallbackTimer ??= timer(readRest, options.snapshotWaitMs ?? 1_000)
  }

  const readRest = async (): Promise<void> => {
    fallbackTimer = null
    if (closed || state === 'live' || heldDiffs !== null) return
    heldDiffs = []
    const asked = now()
    try {
      const snapshot = await options.readSnapshot()
      if (closed || (state as BookState) === 'live') return
      book.reset(snapshot)
      for (const diff of heldDiffs) {
        const problem = book.apply(diff)
        if (problem !== null) return doubt(problem, true)
      }
      goLive(asked)
    } catch (err) {
      reason = `cannot read the book: ${err instanceof Error ? err.message : String(err)}`
      changed()
      fallbackTimer ??= timer(readRest, Math.max(options.snapshotWaitMs ?? 1_000, 2_000))
    } finally {
      heldDiffs = null
    }
  }

  /** A lost diff shows only against REST; a diff in flight can make one look differ, hence a second look. */
  const recheck = async (): Promise<void> => {
    recheckTimer = null
    if (closed || state !== 'live') return
    const depth = options.compareDepth ?? 50
    for (let look = 0; look < 2; look++) {
      let rest: BookSides
      try {
        rest = await options.readSnapshot(depth)
      } catch {
        break // REST is unwell: the feed goes on, the next comparison is on schedule
      }
      if (closed || state !== 'live') return
      if (book.matches(rest, depth)) break
      if (look === 1) return doubt('the book differs from the exchange’s (a diff was lost)', true)
      await new Promise((resolve) => timer(() => resolve(undefined), SECOND_LOOK_MS))
      if (closed || state !== 'live') return
    }
    recheckTimer = timer(recheck, options.recheckMs ?? 15_000)
  }

  const ownGraceMs = options.ownGraceMs ?? 500
  const checkOwn = (): void => {
    if (closed || state !== 'live') return
    const at = now()
    const missing = own.missing((side, price) => book.amountAt(side, price), at, ownGraceMs)
    if (missing !== null) return doubt(missing, true)
    // A timer may fire a millisecond before the clock says its time has come: an order still in its
    // grace is looked at again when that ends, never skipped for good.
    const due = own.nextDue(at, ownGraceMs)
    if (due !== null) timer(checkOwn, due)
  }

  const onEvent = (event: FeedEvent): void => {
    if (event.kind === 'snapshot' && event.pair === pair) {
      book.reset(event)
      goLive(now())
    } else if (event.kind === 'order') {
      // checked once the diff that goes with the update had time to come
      if (own.note(event, now())) timer(checkOwn, ownGraceMs)
    } else if (event.kind === 'diff' && event.pair === pair) {
      if (heldDiffs !== null && state !== 'live') return void heldDiffs.push(event)
      if (state !== 'live') {
        if (state === 'syncing' && fallbackTimer === null && live()) fallbackTimer = timer(readRest, options.snapshotWaitMs ?? 1_000)
        return // a diff without its snapshot is never applied
      }
      const problem = book.apply(event)
      if (problem !== null) doubt(problem, true)
      else changed()
    }
  }

  const disposers = [
    feed.onEvent(onEvent),
    feed.onMalformed(() => {
      if (state === 'live') doubt('a malformed frame (it may have been a diff)', true)
    }),
    feed.onMode((mode) => {
      if (mode !== 'live' && state === 'live') doubt(`the feed is ${mode}`, false)
    }),
    feed.onConnected(() => {
      if (state !== 'syncing') doubt('reconnected: diffs may have been missed', false)
      else fallbackTimer ??= timer(readRest, options.snapshotWaitMs ?? 1_000)
    }),
    feed.subscribe([topic]),
  ]
  if (live()) fallbackTimer = timer(readRest, options.snapshotWaitMs ?? 1_000)

  return {
    view,
    onChange(fn) {
      changeListeners.add(fn)
      return () => changeListeners.delete(fn)
    },
    onDoubt(fn) {
      doubtListeners.add(fn)
      return () => doubtListeners.delete(fn)
    },
    close() {
      closed = true
      if (fallbackTimer) clearTimeout(fallbackTimer)
      if (recheckTimer) clearTimeout(recheckTimer)
      for (const dispose of disposers) dispose()
    },
  }
}

/** The REST reader a BookSync re-reads with: GET /orderbook, `fullDepth` levels for a re-read, fewer for a comparison. */
export function restBookReader(
  rest: { orderbook(query: { pair: string; limit_buy?: number; limit_sell?: number }, options?: { signal?: AbortSignal }): Promise<{ buy: BookSides['bids']; sell: BookSides['asks'] }> },
  pair: string,
  fullDepth = 1000,
  signal?: AbortSignal,
): (depth?: number) => Promise<BookSides> {
  return async (depth = fullDepth) => {
    const book = await rest.orderbook({ pair, limit_buy: depth, limit_sell: depth }, signal ? { signal } : undefined)
    return { asks: book.sell, bids: book.buy }
  }
}
