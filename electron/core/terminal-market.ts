// The market methods of the terminal: the lists, one-off reads, and the one subscribed feed of a
// pair and interval. The feed belongs to the session it was started in; a switch stops it.
import { join } from 'node:path'
import type { MethodInput, MethodName, MethodResults } from '../domain/api'
import { TerminalError, isTerminalError } from '../domain/errors'
import type { EventHub } from './events'
import type { Logger } from './logger'
import { createMarketCache } from './market-cache'
import { type MarketFeed, createMarketFeed } from './market-feed'
import type { Session } from './terminal-session'

type MarketMethod = Extract<MethodName, `market.${string}`>
export type MarketHandlers = { [M in MarketMethod]: (input: MethodInput<M>) => Promise<MethodResults[M]> }

export interface MarketDeps {
  session: Session
  hub: EventHub
  dataDir: string
  now: () => number
  logger?: Logger | undefined
  rates?: { tradesMs: number; candlesMs: number; tickerMs: number } | undefined
}

export interface Market {
  handlers: MarketHandlers
  /** Stops the feed (a switch, or shutting down); `restart` starts it again for the same pair. */
  stop(): void
  restart(): Promise<void>
}

export function noProfile(): TerminalError {
  return new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one.' })
}

export function createMarket(deps: MarketDeps): Market {
  const { session, hub } = deps
  const log = deps.logger
  let feed: MarketFeed | null = null
  let key: { pair: string; interval: MethodInput<'market.subscribe'>['interval'] } | null = null

  function stop(): void {
    feed?.stop()
    feed = null
  }

  async function subscribe(pair: string, interval: MethodInput<'market.subscribe'>['interval']) {
    const { client, active } = session
    if (!client || !active) {
      throw new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one to see the market.' })
    }
    feed?.stop()
    key = { pair, interval }
    const next = createMarketFeed(pair, interval, {
      client,
      cache: createMarketCache(join(deps.dataDir, 'cache'), active.baseUrl, (e) => log?.warn('market cache', { error: String(e) })),
      emit: (event, payload) => hub.emit(event, payload),
      now: deps.now,
      ...(deps.rates ? { rates: deps.rates } : {}),
    })
    feed = next
    return next.start()
  }

  async function restart(): Promise<void> {
    if (!key) return
    try {
      await subscribe(key.pair, key.interval)
    } catch (error) {
      log?.warn('market restart failed', { error: isTerminalError(error) ? error.code : String(error) })
    }
  }

  const handlers: MarketHandlers = {
    async 'market.currencies'() {
      if (!session.client) throw noProfile()
      return session.client.currencies()
    },
    async 'market.pairs'() {
      const { client, active } = session
      if (!client || !active) throw noProfile()
      const cache = createMarketCache(join(deps.dataDir, 'cache'), active.baseUrl)
      try {
        const [pairs, currencies] = await Promise.all([client.pairs(), client.currencies()])
        void cache.saveLists({ pairs, currencies })
        return pairs
      } catch (error) {
        const cached = await cache.loadLists()
        if (cached) return cached.pairs
        throw error
      }
    },
    async 'market.ticker'(input) {
      if (!session.client) throw noProfile()
      return session.client.ticker(input?.pair ? { pair: input.pair } : {})
    },
    async 'market.orderbook'({ pair, limit }) {
      if (!session.client) throw noProfile()
      return session.client.orderbook(limit ? { pair, limit_buy: limit, limit_sell: limit } : { pair })
    },
    async 'market.candles'(input) {
      if (!session.client) throw noProfile()
      return session.client.candles(input)
    },
    async 'market.trades'(input) {
      if (!session.client) throw noProfile()
      return session.client.trades(input)
    },
    'market.subscribe': ({ pair, interval }) => subscribe(pair, interval),
    async 'market.unsubscribe'() {
      stop()
      key = null
      return { unsubscribed: true }
    },
  }

  return { handlers, stop, restart }
}
