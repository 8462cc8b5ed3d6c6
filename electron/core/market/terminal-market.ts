// The market methods of the terminal: the lists, one-off reads, and the one subscribed feed of a
// pair and interval.
//
// Everything here belongs to the profile session it was asked in. Every exchange call passes that
// session's abort signal, so a switch cancels it; an answer that still arrives after a switch is
// dropped (ABORTED) instead of returned; the feed's events carry their session and a feed that is no
// longer the current one emits nothing. A switch ends the feed: the window subscribes again, for the
// new exchange's own pairs.
import type { EventPayloads, MarketSession, MethodInput, MethodName, MethodResults, Untagged } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import type { EventHub } from '../events'
import type { Logger } from '../storage/logger'
import { profileMarketCache } from './market-cache'
import { readCachedStart } from './cached-start'
import { keepStartFile } from './start-file-keeper'
import { type MarketFeed, createMarketFeed } from './market-feed'
import { createMarketSides } from './market-sides'
import { type PairLists, sharedLists } from './pair-lists'
import { createPaneFeeds } from './pane-feeds'
import type { LiveSource } from '../live/live-link'
import type { Session } from '../session/terminal-session'

type MarketMethod = Extract<MethodName, `market.${string}`>
export type MarketHandlers = { [M in MarketMethod]: (input: MethodInput<M>) => Promise<MethodResults[M]> }

export interface MarketDeps {
  session: Session
  hub: EventHub
  dataDir: string
  now: () => number
  logger?: Logger | undefined
  rates?: { tradesMs: number; candlesMs: number; tickerMs: number; bookMs?: number } | undefined
  /** The pair list's REST pace without the feed and while it streams (tickers-feed.ts). */
  tickerRates?: { pollMs: number; reconcileMs: number } | undefined
  /** The live feed of the current profile session (live-link.ts), if any. */
  live?: (() => LiveSource | null) | undefined
  /** The chart the trader looked at last (the preferences): what market.start subscribes to. */
  remembered?: (() => Promise<{ pair: string; interval: MethodInput<'market.subscribe'>['interval'] }>) | undefined
}

export interface Market {
  handlers: MarketHandlers
  /** Opens the chart a window will ask for first, before it asks (see warm() below). */
  warm(pair: string, interval: MethodInput<'market.subscribe'>['interval']): void
  /** Stops the feed (a switch, or shutting down). */
  stop(): void
  /** Settles once the market cache's last writes, and the cached start kept after them, are done (or after `maxMs`). */
  flush(maxMs: number): Promise<void>
}

export { SIDES_AFTER_MS } from './market-sides'

export function noProfile(): TerminalError {
  return new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one.' })
}

export function createMarket(deps: MarketDeps): Market {
  const { session, hub } = deps
  const log = deps.logger
  let feed: MarketFeed | null = null
  /** The profile session `feed` was opened for. */
  let feedTag: MarketSession | null = null
  // The book of the feed's pair and the pair list's prices (market-sides.ts).
  const sides = createMarketSides({ session, hub, now: deps.now, logger: log, bookMs: deps.rates?.bookMs, tickerRates: deps.tickerRates, current: () => feed })

  function stop(): void {
    panes.stop()
    warmed = null
    lists.forget()
    feed?.stop()
    feed = null
    feedTag = null
    sides.stop()
  }

  // Per exchange (market-cache.ts keys it by base URL): another exchange's prices are never read.
  const cacheError = (e: unknown) => log?.warn('market cache', { error: String(e) })
  // After each write the cached start is kept ready for the next start's host (start-file.ts).
  const startFile = keepStartFile(deps.dataDir, cacheError)
  const cacheOf = (profile: { baseUrl: string; isDemo: boolean }) => profileMarketCache(deps.dataDir, profile, cacheError, (write) => startFile.track(write))
  // The extra chart panes' feeds (pane-feeds.ts), ended with the main one.
  const panes = createPaneFeeds({ session, hub, now: deps.now, cacheOf, live: deps.live, rates: deps.rates, noProfile })

  /** Runs `read` with the active client and returns its answer only if the session is still the same. */
  async function read<T>(call: (client: NonNullable<Session['client']>, signal: AbortSignal) => Promise<T>): Promise<T> {
    const { client, active, profileGeneration, signal } = session
    if (!client || !active) throw noProfile()
    const answer = await call(client, signal)
    session.assertCurrent(profileGeneration)
    return answer
  }

  /**
   * The feed the core opened on its own at start (warm()), for the window's first subscription to
   * take over: the same pair, interval and profile session, asked for once.
   */
  let warmed: { feed: MarketFeed; started: Promise<unknown> } | null = null

  async function subscribe(pair: string, interval: MethodInput<'market.subscribe'>['interval']): Promise<MethodResults['market.subscribe']> {
    const adopted = warmed
    warmed = null
    // The market the core already follows, asked for: the warm feed it opened at start (its first read
    // may still be on its way) or one a window opened (a second window, a reload). Answered as the feed
    // holds it now, every update so far in it; what it sends from here on reaches the window as events.
    const running = feed
    const runningTag = feedTag
    if (running && runningTag && running.pair === pair && running.interval === interval && runningTag.profileGeneration === session.profileGeneration) {
      const warm = adopted?.feed === running ? adopted : null
      // A warm start that failed is started again below.
      const ok = warm
        ? await warm.started.then(
            () => true,
            () => false,
          )
        : true
      const now = ok && feed === running ? running.current() : null
      // A window's feed gone stale (the exchange away) is started again, as a window's retry asks.
      if (now && (warm || !now.stale) && session.client) {
        // The live link says its modes to the window that asks; the book and the pair list's prices
        // start with the first window (the warm start had nobody to show them to), once its other
        // first calls are answered (SIDES_AFTER_MS).
        const live = deps.live?.() ?? null
        if (!sides.bookRunning && warm) sides.openSoon(pair, running, runningTag, live)
        else if (!sides.bookRunning) sides.open(pair, running, runningTag, session.client, live)
        // the book runs already: the window asking now has none yet, and a quiet market sends none
        else sides.again()
        return { ...now, session: runningTag }
      }
    }
    const { next, tag } = open(pair, interval)
    const snapshot = await next.start()
    session.assertCurrent(tag.profileGeneration)
    return { ...snapshot, session: tag }
  }

  /**
   * Opens the remembered chart's feed as the core starts, before any window asks (the window hosts
   * call it): the window's first market.subscribe is then answered from memory instead of waiting for
   * the exchange. A failure is the window's to see when it subscribes (it starts the feed again).
   */
  function warm(pair: string, interval: MethodInput<'market.subscribe'>['interval']): void {
    if (feed || !session.client || !session.active) return
    // The chart alone: the book (a deep snapshot) and every pair's prices wait for a window, so the
    // start's CPU goes to the chart and to the window's own loading.
    const { next } = open(pair, interval, false)
    // The window's chart draws its prices with the pair list's precision: read it ahead too.
    readLists().catch(() => undefined)
    const started = next.start()
    started.catch((error: unknown) => log?.warn('warm chart', { pair, error: String(error) }))
    warmed = { feed: next, started }
  }

  /** Replaces the feed (and, with `withSides`, the book's and the pair list's) with one of `pair` and `interval`, not started yet. */
  function open(pair: string, interval: MethodInput<'market.subscribe'>['interval'], withSides = true): { next: MarketFeed; tag: MarketSession } {
    const { client, active } = session
    if (!client || !active) {
      throw new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one to see the market.' })
    }
    warmed = null
    sides.cancelSoon()
    feed?.stop()
    const tag: MarketSession = { profileId: active.id, profileGeneration: session.profileGeneration }
    const live = deps.live?.() ?? null
    const next: MarketFeed = createMarketFeed(pair, interval, {
      client,
      cache: cacheOf(active),
      emit: <E extends keyof EventPayloads>(event: E, payload: Untagged<EventPayloads[E]>) => {
        // A replaced or stopped feed, or one of an earlier session, says nothing any more.
        if (feed !== next || tag.profileGeneration !== session.profileGeneration) return
        hub.emit(event, { ...payload, session: tag } as EventPayloads[E])
      },
      now: deps.now,
      ...(deps.rates ? { rates: deps.rates } : {}),
      live,
    })
    feed = next
    feedTag = tag
    sides.stopBook()
    if (withSides) sides.open(pair, next, tag, client, live)
    return { next, tag }
  }

  /** The disk's snapshot and pair list of the active exchange, tagged with the session asked in. */
  async function cached(pair: string, interval: MethodInput<'market.cached'>['interval']): Promise<MethodResults['market.cached']> {
    const { active, profileGeneration } = session
    if (!active) throw noProfile()
    const cache = cacheOf(active)
    const [snapshot, lists] = await Promise.all([cache.load(pair, interval), cache.loadLists()])
    session.assertCurrent(profileGeneration)
    const tag: MarketSession = { profileId: active.id, profileGeneration }
    return { snapshot: snapshot && snapshot.candles.length > 0 ? { ...snapshot, stale: true, session: tag } : null, pairs: lists?.pairs ?? null }
  }

  /** The pair list and the currencies, read together, shared by the callers of one moment (pair-lists.ts). */
  const lists = sharedLists(deps.now)
  const readLists = (): Promise<PairLists> =>
    read((client, signal) =>
      lists.read(session.profileGeneration, async () => {
        const [pairs, currencies] = await Promise.all([client.pairs({}, { signal }), client.currencies({ signal })])
        void cacheOf(session.active!).saveLists({ pairs, currencies })
        return { pairs, currencies }
      }),
    )

  const handlers: MarketHandlers = {
    'market.currencies': async () => (await readLists()).currencies,
    'market.pairs': () =>
      read(async (_client, signal) => {
        const cache = cacheOf(session.active!)
        try {
          return (await readLists()).pairs
        } catch (error) {
          // The cache stands in for an unreachable exchange, not for an answer dropped by a switch.
          if (signal.aborted) throw error
          const cached = await cache.loadLists()
          if (cached) return cached.pairs
          throw error
        }
      }),
    'market.ticker': (input) => read((client, signal) => client.ticker(input?.pair ? { pair: input.pair } : {}, { signal })),
    'market.orderbook': ({ pair, limit }) => read((client, signal) => client.orderbook(limit ? { pair, limit_buy: limit, limit_sell: limit } : { pair }, { signal })),
    'market.candles': (input) => read((client, signal) => client.candles(input, { signal })),
    'market.trades': (input) => read((client, signal) => client.trades(input, { signal })),
    'market.cached': ({ pair, interval }) => cached(pair, interval),
    // What the host answers before the core has started (deferred-core.ts), read the same way.
    'market.cachedStart': () => readCachedStart(deps.dataDir),
    'market.subscribe': ({ pair, interval }) => subscribe(pair, interval),
    // The window's first chart in one round trip: it need not wait for the preferences to name it.
    async 'market.start'() {
      const last = await deps.remembered?.()
      if (!last?.pair || !session.active) return null
      return subscribe(last.pair, last.interval)
    },
    'market.paneSubscribe': ({ pane, pair, interval, holder }) => panes.subscribe(pane, pair, interval, holder),
    async 'market.paneUnsubscribe'({ pane, holder }) {
      panes.unsubscribe(pane, holder)
      return { unsubscribed: true }
    },
    async 'market.unsubscribe'() {
      stop()
      return { unsubscribed: true }
    },
  }

  return { handlers, warm, stop, flush: (maxMs) => startFile.flush(maxMs) }
}
