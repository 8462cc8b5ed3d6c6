// The live feed of the active profile session: one socket per profile session (feed-client.ts),
// opened when the session starts and closed when it ends, so nothing of an old session's socket can
// reach the window. It tells the market feed (market-stream.ts) and the account which mode they are
// in, and hands the private order/wallet frames to the account feed, which shows their numbers at once
// and reads the account again (the REST snapshot stays the one truth: account-feed.ts).
//
// Modes: live while the socket is open; reconnecting while it is being re-established; polling where
// the server has no feed (404, connection refused), where the URL cannot be derived, when the feed is
// disabled, or when it keeps failing (the client's 'down'). It keeps trying in the background, and the
// mode goes back to live as soon as it connects again.
import type { EventHub } from '../events'
import type { FeedMode, FeedModes, MarketSession } from '../../domain/api/api'
import { createFeedClient, type FeedClient, type FeedStatus } from './feed-client'
import type { FeedEvent } from './frames'
import { defaultFeedUrl } from './feed-url'
import { feedUrlProblem } from '../../domain/origin'
import type { Logger } from '../storage/logger'
import type { ProfileRecord } from '../profiles/profile-store'
import type { ExchangeClient } from '../exchange/client'
import type { FeedWatch } from '../diagnostics/feed-watch'

/**
 * What the link reads of the profile session (session/terminal-session.ts implements it): the live
 * room sits below the session, so it names what it needs rather than importing the session.
 */
export interface LiveSessionView {
  readonly active: Pick<ProfileRecord, 'id' | 'baseUrl' | 'feedUrl'> | null
  readonly client: Pick<ExchangeClient, 'feedToken' | 'serverSkewMs'> | null
  readonly profileGeneration: number
  /** Where the account's own frames (orders, fills, balances) go. */
  accountFeed(): { applyFrame(event: FeedEvent): void } | null
}

/** What a market feed needs of the live feed; null from `LiveLinks.source()` when there is none. */
export interface LiveSource {
  mode(): FeedMode
  onMode(listener: (mode: FeedMode) => void): () => void
  subscribe(topics: readonly string[]): () => void
  /** Asks again for topics already held: the demo answers diff.<PAIR> with a fresh snapshot (a book's re-read). */
  resubscribe(topics: readonly string[]): void
  onEvent(listener: (event: FeedEvent) => void): () => void
  /** A frame that could not be read: it may have been a book diff. */
  onMalformed(listener: (reason: string) => void): () => void
  /** After every (re)connect: whatever was built from the stream before is suspect. */
  onConnected(listener: () => void): () => void
}

export interface LiveLinks {
  /** Opens the socket of the current profile session if it has none yet. */
  ensure(): void
  source(): LiveSource | null
  /** Says the modes again (a window that just subscribed). */
  announce(): void
  stop(): void
}

export interface LiveLinkOptions {
  session: LiveSessionView
  hub: EventHub
  enabled: boolean
  logger?: Logger | undefined
  /** For tests: shorter timers of the feed client. */
  client?: { maxBackoffMs?: number; silenceMs?: number; downAfterFailures?: number } | undefined
  /** Told every market frame's time and every change of the socket's state (the diagnostics' feed lag and reconnects). */
  watch?: FeedWatch | undefined
}

/** The frames that carry the exchange's time of market data: their lag is the feed's. */
const MARKET_FRAMES: ReadonlySet<FeedEvent['kind']> = new Set(['trade', 'ticker', 'diff', 'snapshot', 'rates'])

/** A server without a feed answers the upgrade with 404, or nothing listens: no use waiting for 'down'. */
const NO_FEED = /Unexpected server response: (404|400|405|501)|ECONNREFUSED/

export function modeOf(status: FeedStatus, reason: string | null): FeedMode {
  if (status === 'live') return 'live'
  if (status === 'down' || (reason !== null && NO_FEED.test(reason))) return 'polling'
  return 'reconnecting'
}

export function createLiveLinks(options: LiveLinkOptions): LiveLinks {
  const { session, hub } = options
  let link: { profileGeneration: number; tag: MarketSession; client: FeedClient | null; mode: FeedMode; authed: boolean; disposers: Array<() => void> } | null = null
  const modeListeners = new Set<(mode: FeedMode) => void>()

  const modes = (): FeedModes => {
    const market = link?.mode ?? 'polling'
    return { market, account: market === 'live' && link?.authed ? 'live' : market === 'live' ? 'polling' : market }
  }
  const announce = (): void => {
    if (link && link.profileGeneration === session.profileGeneration) hub.emit('feed.status', { session: link.tag, modes: modes() })
  }

  function stop(): void {
    if (!link) return
    for (const d of link.disposers) d()
    link.client?.close()
    link = null
    for (const fn of [...modeListeners]) fn('polling')
  }

  function ensure(): void {
    const { active, client, profileGeneration } = session
    if (!active || !client) return stop()
    if (link?.profileGeneration === profileGeneration) return
    stop()
    const tag: MarketSession = { profileId: active.id, profileGeneration }
    const current = { profileGeneration, tag, client: null as FeedClient | null, mode: 'polling' as FeedMode, authed: false, disposers: [] as Array<() => void> }
    link = current
    if (!options.enabled) return announce()
    let url: string
    try {
      url = active.feedUrl ?? defaultFeedUrl(active.baseUrl)
      // checked again here: the profiles file may have been edited by hand
      const problem = feedUrlProblem(url, active.baseUrl)
      if (problem) throw new Error(problem)
    } catch (error) {
      options.logger?.warn('no live feed for this profile', { reason: error instanceof Error ? error.message : String(error) })
      return announce()
    }
    const feed = createFeedClient({ url, token: (refused) => client.feedToken(refused), ...options.client })
    current.client = feed
    current.mode = 'reconnecting'
    const isCurrent = () => link === current && current.profileGeneration === session.profileGeneration
    const watched = options.watch?.link()
    current.disposers.push(
      feed.onStatus((status, reason) => {
        if (!isCurrent()) return
        watched?.status(status === 'live', reason)
        const mode = modeOf(status, reason)
        if (status !== 'live') current.authed = false
        if (mode !== current.mode) {
          if (reason) options.logger?.info('live feed', { mode, reason })
          current.mode = mode
          for (const fn of [...modeListeners]) fn(mode)
        }
        announce()
      }),
      feed.onEvent((event) => {
        if (!isCurrent()) return
        if (watched && MARKET_FRAMES.has(event.kind)) watched.frame(event.time, client.serverSkewMs())
        if (event.kind === 'auth') {
          current.authed = event.ok
          announce()
        } else if (event.kind === 'order' || event.kind === 'wallet') {
          session.accountFeed()?.applyFrame(event)
        }
      }),
    )
    announce()
  }

  function source(): LiveSource | null {
    const current = link
    if (!current?.client) return null
    const feed = current.client
    const alive = () => link === current
    return {
      mode: () => (alive() ? current.mode : 'polling'),
      onMode(listener) {
        modeListeners.add(listener)
        return () => modeListeners.delete(listener)
      },
      subscribe: (topics) => feed.subscribe(topics),
      resubscribe: (topics) => alive() && feed.resubscribe(topics),
      onEvent: (listener) => feed.onEvent((e) => alive() && listener(e)),
      onMalformed: (listener) => feed.onMalformed((reason) => alive() && listener(reason)),
      onConnected: (listener) => feed.onConnected(() => alive() && listener()),
    }
  }

  return { ensure, source, announce, stop }
}

/** A LiveSource over one feed client of its own (the CLI's watch, tests): its mode follows the client's status. */
export function sourceOfClient(feed: FeedClient): LiveSource {
  return {
    mode: () => modeOf(feed.status, null),
    onMode(listener) {
      let last = modeOf(feed.status, null)
      return feed.onStatus((status, reason) => {
        const mode = modeOf(status, reason)
        if (mode !== last) listener((last = mode))
      })
    },
    subscribe: (topics) => feed.subscribe(topics),
    resubscribe: (topics) => feed.resubscribe(topics),
    onEvent: (listener) => feed.onEvent(listener),
    onMalformed: (listener) => feed.onMalformed(listener),
    onConnected: (listener) => feed.onConnected(listener),
  }
}
