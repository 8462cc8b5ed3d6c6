// The window's start, as one function that main.ts calls: listen to the core's events, load the
// session, the preferences and the pair list, and ask for the first chart. Nothing runs on import.
//
// The first chart subscription is this function's alone. The chart is the slowest part of the first
// screen, so it is asked for the moment the preferences (which name the remembered pair) and the
// session (which says there is a profile) are both in — synchronously, in the handler of whichever
// answer comes second: a promise chain would add microtask hops, and Vue's first full render of what
// those answers changed (~200 ms) was queued first and held the request back that long. The pair list
// is not waited for; once it is in, a remembered pair this exchange does not list gives way to one it
// does, and that is the only other subscription the start makes. Later switches are the market
// store's (it follows the session).
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { useTerminal } from '@/api'
import { useSessionStore } from '@/stores/session'
import { useAccountStore } from '@/stores/account'
import { useFeedStore } from '@/stores/feed'
import { usePrefsStore } from '@/stores/prefs'
import { useNoticeStore } from '@/stores/notices'
import { useMarketStore } from '@/stores/market'
import { usePairsStore } from '@/stores/pairs'
import { loadCandleChart } from '@/features/chart/chart-chunk'
import { formatAmount, formatClock } from '@/lib/format'

/**
 * At most this long the mount waits for the chart's request to go out. The mount is one long
 * synchronous stretch and no answer is handled while it runs, so it waits until the chart has been
 * asked for (one quick round trip) and the core fetches the chart while the window mounts; a core
 * that is slow to answer (a keychain prompt) does not keep the window blank.
 */
export const MOUNT_WAIT_MS = 200

export interface WindowStart {
  /** The one store container of the window, filled before the app is mounted on it. */
  pinia: Pinia
  /** The first start: resolves to why the session could not be loaded, or null. */
  firstStart: Promise<string | null>
  /** Settles once the first chart has been asked for (or cannot be), or after MOUNT_WAIT_MS. */
  mountable: Promise<void>
  /** Runs the start again (the window's retry after a failed start). */
  retry(): Promise<string | null>
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Starts the window. Returns why it cannot (no bridge to the core: main.ts says so on the whole page)
 * or the running start.
 */
export function startWindow(): { problem: string } | WindowStart {
  try {
    useTerminal()
  } catch (error) {
    return { problem: reason(error) }
  }
  const pinia = createPinia()
  setActivePinia(pinia)
  let chartAsked: () => void = () => undefined
  const asked = new Promise<void>((resolve) => (chartAsked = resolve))
  useTerminal().onResume?.(() => void resync(pinia))
  const run = (): Promise<string | null> => start(pinia, chartAsked)
  return {
    pinia,
    firstStart: run(),
    mountable: Promise.race([asked, new Promise<void>((resolve) => setTimeout(resolve, MOUNT_WAIT_MS))]),
    retry: run,
  }
}

async function start(pinia: Pinia, chartAsked: () => void): Promise<string | null> {
  setActivePinia(pinia)
  const market = useMarketStore()
  const pairList = usePairsStore()
  const prefs = usePrefsStore()
  const session = useSessionStore()
  useNoticeStore().listen()
  useAccountStore().listen()
  useFeedStore().listen()
  let prefsIn = false
  let sessionIn = false
  let first = null as { pair: string; subscribed: Promise<void> } | null
  const askChart = (): void => {
    if (!prefsIn || !sessionIn) return
    try {
      if (!first && session.profile && prefs.prefs.pair && !market.pair) {
        first = { pair: prefs.prefs.pair, subscribed: market.subscribe(prefs.prefs.pair, prefs.prefs.interval) }
      }
    } finally {
      chartAsked()
    }
  }
  const loads = [
    prefs.load(() => {
      prefsIn = true
      askChart()
    }),
    session.load(() => {
      sessionIn = true
      askChart()
    }),
    pairList.load(),
  ] as const
  // No session: no chart to ask for; the mount need not wait for one.
  loads[1].catch(chartAsked)
  // The chart's code travels beside its data; ChartArea.vue says so if it cannot load.
  void loadCandleChart().catch(() => undefined)
  // The first number and time formats load the locale's data (15–40 ms here): done while the first
  // answers travel, not inside the mount that waits for them.
  setTimeout(() => {
    formatAmount('0', 2)
    formatClock(0)
  }, 0)
  // The remembered market from the disk, painted (stale) while the exchange is asked for the fresh one.
  void loads[0].then(
    () => market.showCachedStart(),
    () => undefined,
  )
  const [, sessionResult, pairsResult] = await Promise.allSettled(loads)
  // Pairs that could not be loaded are said in the pair list (the pairs store keeps why), not in a
  // notice that would outlive a switch to another profile; a switch, or this exchange answering
  // again, loads the market by itself (the market store follows the session).
  if (pairsResult.status === 'fulfilled') {
    const chart = first
    const listed = chart !== null && pairList.pairs.some((p) => p.name === chart.pair)
    await (chart !== null && listed ? chart.subscribed : market.subscribeRemembered())
  }
  return sessionResult.status === 'rejected' ? reason(sessionResult.reason) : null
}

/**
 * The web host's event stream broke and is back (the host cuts a window that fell behind): the events
 * in between are lost, so the session, the account and the shown market are read again, and the
 * trader is told why the chart reloads.
 */
async function resync(pinia: Pinia): Promise<void> {
  setActivePinia(pinia)
  useNoticeStore().info('Reconnected to the terminal', 'Updates were lost while this window was cut off; the session, the account and the market have been read again.')
  await Promise.allSettled([useSessionStore().load(), useAccountStore().refresh(), useMarketStore().resync()])
}
