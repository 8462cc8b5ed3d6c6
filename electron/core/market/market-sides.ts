// The market feed's sides: the book of its pair and the pair list's prices (every pair's ticker),
// opened beside the one feed of terminal-market.ts. Each falls silent once that feed is replaced or
// its profile session has ended: what a side sends belongs to the feed and the session it opened with.
import type { MarketSession } from '../../domain/api/api'
import type { EventHub } from '../events'
import type { Logger } from '../storage/logger'
import type { LiveSource } from '../live/live-link'
import type { Session } from '../session/terminal-session'
import type { MarketFeed } from './market-feed'
import { startBookSource } from './book-source'
import { type TickersFeed, startTickersFeed } from './tickers-feed'

/**
 * How long after a window's first subscription (it takes over the warm chart) its book and its pair
 * list's prices open. The window's other first calls (preferences, session, pair list) reach the core
 * within a few tens of milliseconds of it, and a deep book snapshot and every pair's 24 h took the
 * core's thread for ~40 ms ahead of them: the window's first chart waited for those answers. The book
 * panel shows after that chart, ~300 ms later, so the book is not waited for.
 */
export const SIDES_AFTER_MS = 250

export interface MarketSidesDeps {
  session: Session
  hub: EventHub
  now: () => number
  logger?: Logger | undefined
  /** The book's REST pace where there is no feed. */
  bookMs?: number | undefined
  /** The pair list's REST pace without the feed and while it streams (tickers-feed.ts). */
  tickerRates?: { pollMs: number; reconcileMs: number } | undefined
  /** The market feed open now (terminal-market.ts's one), or null. */
  current: () => MarketFeed | null
}

export function createMarketSides(deps: MarketSidesDeps) {
  const { session, hub } = deps
  let book: ReturnType<typeof startBookSource> | null = null
  let tickers: TickersFeed | null = null
  /** The first window's sides, waiting (SIDES_AFTER_MS). */
  let soon: ReturnType<typeof setTimeout> | null = null
  const silent = (next: MarketFeed, tag: MarketSession): boolean => deps.current() !== next || tag.profileGeneration !== session.profileGeneration

  function cancelSoon(): void {
    if (soon) clearTimeout(soon)
    soon = null
  }

  /** The book of `pair` and the pair list's prices, beside the market feed `next`. */
  function open(pair: string, next: MarketFeed, tag: MarketSession, client: NonNullable<Session['client']>, live: LiveSource | null): void {
    book?.stop()
    // The book of the same pair, from the same session's feed (or polled where it has none).
    book = startBookSource(pair, {
      client,
      live,
      emit: (payload) => {
        if (!silent(next, tag)) hub.emit('market.book', { ...payload, session: tag })
      },
      now: deps.now,
      logger: deps.logger,
      ...(deps.bookMs ? { pollMs: deps.bookMs } : {}),
    })
    // The pair list's prices: one feed for every pair, kept across pair switches, ended with the session's market.
    if (!tickers) {
      const mine: TickersFeed = startTickersFeed({
        client,
        live,
        emit: (list) => {
          if (tickers !== mine || tag.profileGeneration !== session.profileGeneration) return
          hub.emit('market.tickers', { session: tag, tickers: list })
        },
        ...(deps.tickerRates ? { rates: deps.tickerRates } : {}),
      })
      tickers = mine
    }
  }

  return {
    open,
    cancelSoon,
    /** The sides of the warm chart's first window, SIDES_AFTER_MS from now, unless the feed or the session changed meanwhile. */
    openSoon(pair: string, running: MarketFeed, tag: MarketSession, live: LiveSource | null): void {
      if (soon) return
      soon = setTimeout(() => {
        soon = null
        const client = session.client
        if (book || !client || silent(running, tag)) return
        open(pair, running, tag, client, live)
      }, SIDES_AFTER_MS)
      soon.unref?.()
    },
    /** True while a book runs. */
    get bookRunning(): boolean {
      return book !== null
    },
    /** The running book sends its snapshot again (a window asking now has none yet, and a quiet market sends none). */
    again(): void {
      setTimeout(() => book?.again(), 0)
    },
    /** Ends the book (a new feed opens; the pair list's prices go on). */
    stopBook(): void {
      book?.stop()
      book = null
    },
    stop(): void {
      cancelSoon()
      book?.stop()
      book = null
      tickers?.stop()
      tickers = null
    },
  }
}
