// The order book of the subscribed pair, read by polling GET /orderbook and emitted as `market.book`.
//
// It stands behind a small interface (BookSource) and serves wherever the live feed does not
// (book-source.ts switches between the two). A failed read is never papered over with the last
// book: the event carries no book and says why, so the window never shows a book the exchange may no
// longer have.
import type { BookEventPayload } from '../../domain/api/history-api'
import { isTerminalError } from '../../domain/errors'
import type { ExchangeClient } from '../exchange/client'
import { startPoller } from '../poller'

export interface BookSource {
  stop(): void
}

export interface BookPollerDeps {
  client: Pick<ExchangeClient, 'orderbook'>
  emit: (payload: BookEventPayload) => void
  now?: () => number
  intervalMs?: number
  /** Levels a side: the panel shows fewer, the market-order preview walks them all. */
  depth?: number
  setTimer?: (fn: () => void, ms: number) => { cancel(): void }
}

export const BOOK_POLL_MS = 1_000
export const BOOK_DEPTH = 100

function doubtOf(error: unknown): string {
  if (isTerminalError(error)) {
    if (error.kind === 'unsupported') return 'This exchange has no order book endpoint.'
    return `The book could not be read (${error.message}); retrying.`
  }
  return 'The book could not be read; retrying.'
}

export function startBookPoller(pair: string, deps: BookPollerDeps): BookSource {
  const now = deps.now ?? Date.now
  const depth = deps.depth ?? BOOK_DEPTH
  const abort = new AbortController()
  let stopped = false
  const tick = async (): Promise<void> => {
    try {
      const book = await deps.client.orderbook({ pair, limit_buy: depth, limit_sell: depth }, { signal: abort.signal })
      if (!stopped) deps.emit({ pair, book, doubt: null, fetchedAt: now(), source: 'poll' })
    } catch (error) {
      if (!stopped) deps.emit({ pair, book: null, doubt: doubtOf(error), fetchedAt: now(), source: 'poll' })
      throw error // the poller backs off
    }
  }
  const poller = startPoller(tick, { intervalMs: deps.intervalMs ?? BOOK_POLL_MS, ...(deps.setTimer ? { setTimer: deps.setTimer } : {}) })
  poller.kick() // the first book right away, not after one interval
  return {
    stop() {
      stopped = true
      poller.stop()
      abort.abort()
    },
  }
}
