// How the market store follows the session: a profile switch empties it and the pair list and
// loads the new exchange; an exchange that answers again loads what failed. Recovery is a state,
// not a reload. (The window's first load is startup.ts's.)
import { watch } from 'vue'
import type { useSessionStore } from '../session/session'

export interface FollowingMarket {
  /** Forgets everything of the previous exchange, synchronously. */
  reset(): void
  /** Loads pairs and subscribes; rejects when the pairs cannot be loaded. */
  start(): Promise<void>
  /** True while pairs or a subscription are loading. */
  busy(): boolean
  /** True when something the window needs failed or never loaded. */
  incomplete(): boolean
}

export function followSession(session: ReturnType<typeof useSessionStore>, market: FollowingMarket): void {
  // A profile switch (or the same profile activated again): a new exchange, or a new key for it.
  // The first session the window learns of is not a switch (start-up loads the market itself).
  watch(
    () => session.profileGeneration,
    (now, before) => {
      if (now === before || before === 0) return
      market.reset()
      // Without a profile (the active one was removed) the core's answer says so in the pair list.
      void market.start().catch(() => undefined)
    },
    // Synchronous, so no render ever pairs the new profile with the old exchange's chart.
    { flush: 'sync' },
  )

  // The exchange answers again (the connection turns online): load what failed, now.
  watch(
    () => session.state?.connection.state,
    (now, before) => {
      if (now !== 'online' || before === 'online' || !session.profile || market.busy()) return
      if (market.incomplete()) void market.start().catch(() => undefined)
    },
  )
}
