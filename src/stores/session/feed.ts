// Which way the window's data comes in (the core's `feed.status`: live, reconnecting, polling) and
// how old the newest of it is, for the status bar.
//
// The arrival times are plain variables, not reactive state: at thousands of trades a second a
// reactive write per event would re-render the status bar per event. The bar reads them on its own
// one-second clock (use-now.ts), which is all an age in seconds needs.
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { Disposer, FeedModes, MarketSession } from '@domain/api/api'
import { useTerminal } from '@/api'
import { useSessionStore } from './session'

export const useFeedStore = defineStore('feed', () => {
  const session = useSessionStore()
  const modes = shallowRef<FeedModes | null>(null)
  let tag: MarketSession | null = null
  let marketAt: number | null = null
  let accountAt: number | null = null
  let disposers: Disposer[] = []

  const ours = (s: MarketSession): boolean => tag !== null && s.profileGeneration === tag.profileGeneration && s.profileId === tag.profileId
  const marketData = (p: { session: MarketSession }): void => {
    if (ours(p.session)) marketAt = Date.now()
  }

  function listen(): void {
    if (disposers.length > 0) return
    const terminal = useTerminal()
    disposers = [
      terminal.on('feed.status', (p) => {
        // A late word of an earlier profile session never names the mode of this one.
        if (p.session.profileGeneration < session.profileGeneration) return
        if (!tag || !ours(p.session)) {
          marketAt = null
          accountAt = null
        }
        tag = p.session
        modes.value = p.modes
      }),
      terminal.on('market.trades', marketData),
      terminal.on('market.candles', marketData),
      terminal.on('market.ticker', marketData),
      terminal.on('account.changed', (snapshot) => {
        if (snapshot.switchGeneration === session.state?.switchGeneration) accountAt = Date.now()
      }),
    ]
  }

  function dispose(): void {
    for (const d of disposers) d()
    disposers = []
  }

  return {
    modes,
    listen,
    dispose,
    /** ms clock of the newest market / account data of this session, or null. */
    marketDataAt: () => marketAt,
    accountDataAt: () => accountAt,
  }
})
