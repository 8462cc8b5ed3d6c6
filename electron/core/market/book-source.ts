// The order book of the subscribed pair from wherever it can be had right now: the live feed's kept
// book (live/book-sync.ts: snapshot + diffs, re-read on any doubt) while the session's feed is live,
// the poller (book-poller.ts) while it is not — polling, reconnecting, or no feed at all — and the
// feed again as soon as it returns. While the feed serves but its book is in doubt (syncing, a gap,
// a reconnect, a malformed frame), the event carries no book and says why: never a book built across
// a gap.
//
// Emits are coalesced: the newest state at most once per BOOK_EMIT_MS, whatever the diff rate. The
// window draws once a frame anyway; sending it one book per diff at 50+ diffs a second would only
// cost serialisation and IPC. A doubt and the fresh book that follows it within one interval (a
// re-read takes a few ms) show as the fresh book, with no flash of the doubt in between.
import type { BookEventPayload } from '../../domain/api/history-api'
import type { ExchangeClient } from '../exchange/client'
import { BOOK_DEPTH, BOOK_POLL_MS, type BookSource, startBookPoller } from './book-poller'
import { createBookSync, restBookReader } from '../live/book-sync'
import type { LiveSource } from '../live/live-link'
import type { Logger } from '../storage/logger'

export const BOOK_EMIT_MS = 50
/**
 * While the feed serves, its book is compared with REST this often (the top BOOK_DEPTH levels: half
 * the reads the poller makes). The feed has no sequence numbers, so a lost diff that touched no own
 * order and crossed nothing shows only here: this bounds how long such a book can stand.
 */
export const BOOK_RECHECK_MS = 2_000

export interface BookSourceDeps {
  client: Pick<ExchangeClient, 'orderbook'>
  /** The session's live feed; null when there is none (disabled, no feed URL): polling only. */
  live: LiveSource | null
  emit: (payload: BookEventPayload) => void
  now?: () => number
  pollMs?: number
  emitMs?: number
  recheckMs?: number
  /** Levels a side sent to the window: the panel shows fewer, the market-order preview walks them all. */
  depth?: number
  logger?: Logger | undefined
}

/**
 * The book of `pair`, from the live feed or polled; `again()` sends the last book once more, for a
 * window that subscribed while the book was already running (on a quiet market none would come).
 */
export function startBookSource(pair: string, deps: BookSourceDeps): BookSource & { again(): void } {
  const now = deps.now ?? Date.now
  const depth = deps.depth ?? BOOK_DEPTH
  const emitMs = deps.emitMs ?? BOOK_EMIT_MS
  let stopped = false
  let pending: (() => BookEventPayload) | null = null
  let timer: NodeJS.Timeout | null = null
  /** The last book sent: a window that subscribes while the book runs is sent it again (`again`). */
  let sent: BookEventPayload | null = null

  const flush = (): void => {
    timer = null
    const make = pending
    pending = null
    if (make && !stopped) deps.emit((sent = make()))
  }
  /** The newest state wins; it is built (the book sorted) only when it is sent. */
  const later = (make: () => BookEventPayload): void => {
    pending = make
    if (timer === null) {
      timer = setTimeout(flush, emitMs)
      timer.unref()
    }
  }

  const abort = new AbortController()
  let poller: BookSource | null = null
  const startPolling = (): void => {
    poller ??= startBookPoller(pair, {
      client: deps.client,
      emit: (payload) => later(() => payload),
      now,
      depth,
      intervalMs: deps.pollMs ?? BOOK_POLL_MS,
    })
  }
  const live = deps.live
  if (!live) {
    startPolling()
    return stopper()
  }

  const sync = createBookSync({
    feed: live,
    pair,
    readSnapshot: restBookReader(deps.client, pair, 1000, abort.signal),
    recheckMs: deps.recheckMs ?? BOOK_RECHECK_MS,
    compareDepth: depth,
  })
  const fromFeed = (): BookEventPayload => {
    const view = sync.view(depth)
    if (view.state === 'live') return { pair, book: { buy: view.bids, sell: view.asks }, doubt: null, fetchedAt: now(), source: 'feed' }
    return { pair, book: null, doubt: `Re-reading the book: ${view.reason ?? 'not in step with the exchange'}.`, fetchedAt: now(), source: 'feed' }
  }
  const serve = (mode: ReturnType<LiveSource['mode']>, first = false): void => {
    if (mode === 'live') {
      poller?.stop()
      poller = null
      later(fromFeed)
    } else if (poller === null) {
      startPolling()
      // leaving the feed: its last book is no longer followed, so until the first poll it says so
      if (!first) later(fromFeed)
    }
  }
  const disposers = [
    // every re-read in the log: a support question "why did the book blink" has its answer there
    sync.onDoubt((reason) => deps.logger?.info('order book re-read', { pair, reason })),
    sync.onChange(() => {
      if (live.mode() === 'live') later(fromFeed)
    }),
    live.onMode((mode) => serve(mode)),
    () => sync.close(),
  ]
  serve(live.mode(), true)
  return stopper(disposers)

  function stopper(disposers: Array<() => void> = []): BookSource & { again(): void } {
    return {
      // a newer state is on its way anyway when one is pending
      again: () => {
        if (!stopped && sent !== null && pending === null) deps.emit(sent)
      },
      stop() {
        stopped = true
        if (timer) clearTimeout(timer)
        for (const dispose of disposers) dispose()
        poller?.stop()
        abort.abort()
      },
    }
  }
}
