// The extra chart panes' feeds (docs/workspaces.md): beside the window's one subscribed market
// (terminal-market.ts: its candles, trades, ticker, book), up to three more charts, each keyed by its
// pane (1–3), each a market feed of its own pair and interval whose candles go out as
// market.paneCandles tagged with the pane and the profile session. Only the candles and the feed's
// health leave: the trades and the ticker are the main market's (the book, the order form and the
// trades panel show it), so a pane costs the window one candles event per socket read, never a trade
// list. A pane's feed replaced, unsubscribed or of an earlier session says nothing any more, so a
// late event never paints the wrong pane; a profile switch ends them all (the window subscribes again).
// A pane's streamed candles go out at most once a PANE_CANDLES_MS (the newest of each candle time):
// its chart paints at most once a frame anyway, and under a firehose each socket read would otherwise
// be one more message per pane for the window to take (the main market's stay one per read).
// A feed is keyed by its holder and pane: the main window's pane 2 and a pop-out's pane 2 (the main
// window shows its placeholder meanwhile) are two feeds, so a late unsubscribe from one window never
// ends the other's, and each window applies only its own holder's events. A pop-out's feed also ends
// when its pop-out leaves the core's list (popouts.changed), as its window may close without a word.
import type { EventPayloads, MarketSession, MethodInput, MethodResults, Untagged } from '../../domain/api/api'
import type { PaneHolder } from '../../domain/popouts/popouts'
import { MAX_PANES } from '../../domain/prefs/workspace'
import { TerminalError } from '../../domain/errors'
import type { EventHub } from '../events'
import type { LiveSource } from '../live/live-link'
import type { Session } from '../session/terminal-session'
import type { MarketCache } from './market-cache'
import { type MarketFeed, createMarketFeed } from './market-feed'

type Interval = MethodInput<'market.paneSubscribe'>['interval']
type PaneCandles = Untagged<EventPayloads['market.candles']>

/** How often at most a pane's streamed candles go to the window: about a frame. */
export const PANE_CANDLES_MS = 16

export interface PaneFeedDeps {
  session: Session
  hub: EventHub
  now: () => number
  cacheOf: (profile: { baseUrl: string; isDemo: boolean }) => MarketCache | null
  live?: (() => LiveSource | null) | undefined
  rates?: { tradesMs: number; candlesMs: number; tickerMs: number } | undefined
  noProfile: () => Error
}

export interface PaneFeeds {
  subscribe(pane: number, pair: string, interval: Interval, holder?: PaneHolder): Promise<MethodResults['market.paneSubscribe']>
  unsubscribe(pane: number, holder?: PaneHolder): void
  /** How many pane feeds run now. */
  readonly size: number
  stop(): void
}

export function createPaneFeeds(deps: PaneFeedDeps): PaneFeeds {
  const { session, hub } = deps
  const feeds = new Map<string, { feed: MarketFeed; tag: MarketSession; stop: () => void }>()
  const keyOf = (holder: PaneHolder, pane: number): string => `${holder}:${pane}`

  function unsubscribe(pane: number, holder: PaneHolder = 'main'): void {
    const key = keyOf(holder, pane)
    feeds.get(key)?.stop()
    feeds.delete(key)
  }

  // A pop-out brought back: its window's feed ends, whether or not the window said so before closing.
  hub.on('popouts.changed', ({ popouts }) => {
    for (const pane of [1, 2, 3]) if (!popouts.some((p) => p.panel === 'chart' && p.pane === pane)) unsubscribe(pane, 'popout')
  })

  async function subscribe(pane: number, pair: string, interval: Interval, holder: PaneHolder = 'main'): Promise<MethodResults['market.paneSubscribe']> {
    // The contract's schema checks it where it enters; checked again, as the bound on the feeds' count.
    if (!Number.isInteger(pane) || pane < 1 || pane >= MAX_PANES) throw new TerminalError({ kind: 'validation', code: 'BAD_PANE', message: `A chart pane is 1 to ${MAX_PANES - 1}` })
    const { client, active } = session
    if (!client || !active) throw deps.noProfile()
    const key = keyOf(holder, pane)
    const running = feeds.get(key)
    // The same chart asked again (a reload, a second window): answered as the feed holds it now.
    if (running && running.feed.pair === pair && running.feed.interval === interval && running.tag.profileGeneration === session.profileGeneration) {
      const now = running.feed.current()
      if (now && !now.stale) return { ...now, session: running.tag, pane, holder }
    }
    unsubscribe(pane, holder)
    const tag: MarketSession = { profileId: active.id, profileGeneration: session.profileGeneration }
    const say = <E extends 'market.paneCandles' | 'market.paneStatus'>(event: E, payload: Untagged<EventPayloads[E]>): void => {
      if (feeds.get(key) !== mine || tag.profileGeneration !== session.profileGeneration) return
      hub.emit(event, { ...payload, session: tag } as EventPayloads[E])
    }
    // The streamed candles held for the next PANE_CANDLES_MS, by time (the newest of each wins).
    const held = new Map<number, PaneCandles['candles'][number]>()
    let timer: NodeJS.Timeout | null = null
    const release = (): void => {
      if (timer) clearTimeout(timer)
      timer = null
      if (held.size === 0) return
      const candles = [...held.values()].sort((a, b) => a.time - b.time)
      held.clear()
      say('market.paneCandles', { pair, interval, candles, pane, holder })
    }
    const mine = {
      feed: null as unknown as MarketFeed,
      tag,
      stop(): void {
        if (timer) clearTimeout(timer)
        held.clear()
        mine.feed.stop()
      },
    }
    mine.feed = createMarketFeed(pair, interval, {
      client,
      cache: deps.cacheOf(active),
      emit: (event, payload) => {
        if (event === 'market.candles') {
          const p = payload as PaneCandles
          if (p.reset) {
            // A whole series replaces what was held: it holds the newest of those candles too.
            held.clear()
            release()
            say('market.paneCandles', { ...p, pane, holder })
            return
          }
          for (const c of p.candles) held.set(c.time, c)
          timer ??= setTimeout(release, PANE_CANDLES_MS)
          timer.unref()
        } else if (event === 'market.status') {
          // In order: the candles held came before this word on the feed's health.
          release()
          say('market.paneStatus', { ...(payload as Untagged<EventPayloads['market.status']>), pane, holder })
        }
        // trades and the ticker are the main market's to show
      },
      now: deps.now,
      ...(deps.rates ? { rates: deps.rates } : {}),
      live: deps.live?.() ?? null,
    })
    feeds.set(key, mine)
    const snapshot = await mine.feed.start()
    session.assertCurrent(tag.profileGeneration)
    if (feeds.get(key) !== mine) throw new TerminalError({ kind: 'network', code: 'ABORTED', message: 'This chart pane was subscribed again meanwhile; the earlier answer was dropped.' })
    return { ...snapshot, session: tag, pane, holder }
  }

  return {
    subscribe,
    unsubscribe,
    get size() {
      return feeds.size
    },
    stop() {
      for (const { stop } of feeds.values()) stop()
      feeds.clear()
    },
  }
}
