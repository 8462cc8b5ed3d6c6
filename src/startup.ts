// The start-up sequence: listen to the core's events, load session, preferences and pairs, then
// subscribe to the remembered pair. main.ts imports this module first, and it begins at once, as the
// module is evaluated: the requests then travel while the rest of the window's script (the chart,
// naive-ui) is evaluated and mounted, which is most of the start, instead of after it.
import { createPinia, setActivePinia } from 'pinia'
import { useTerminal } from '@/api'
import { useSessionStore } from '@/stores/session'
import { useAccountStore } from '@/stores/account'
import { useFeedStore } from '@/stores/feed'
import { usePrefsStore } from '@/stores/prefs'
import { useNoticeStore } from '@/stores/notices'
import { useMarketStore } from '@/stores/market'
import { loadCandleChart } from '@/features/chart/chart-chunk'
import { formatAmount, formatClock } from '@/lib/format'

/** The one store container of the window: the start fills it before the app is mounted on it. */
export const pinia = createPinia()

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error))

let chartAsked: () => void = () => undefined
/** Settles once the remembered chart has been asked for (or cannot be yet): main.ts mounts after it. */
export const chartRequested = new Promise<void>((resolve) => (chartAsked = resolve))

/** Runs the start; resolves to why the session could not be loaded, or null. */
export async function start(): Promise<string | null> {
  setActivePinia(pinia)
  const market = useMarketStore()
  const prefs = usePrefsStore()
  const session = useSessionStore()
  useNoticeStore().listen()
  useAccountStore().listen()
  useFeedStore().listen()
  // The remembered chart is asked for the moment the preferences and the session are both in:
  // synchronously, in the handler of whichever answer comes second. A promise chain would add
  // microtask hops, and Vue's render of what those answers changed (the whole layout's first full
  // render, ~200 ms) was queued first and held the request back that long. The chart is the slowest
  // part of the first screen; it is asked for beside the pairs and the profile list, not after them.
  // A pair this exchange does not list is replaced by subscribeRemembered once the pairs are in.
  let prefsIn = false
  let sessionIn = false
  let asked = false
  const askChart = (): void => {
    if (asked || !prefsIn || !sessionIn) return
    asked = true
    try {
      if (session.profile && prefs.prefs.pair && !market.pair) void market.subscribe(prefs.prefs.pair, prefs.prefs.interval)
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
    market.loadPairs(),
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
  void loads[0].then(() => market.showCachedStart(), () => undefined)
  const [, sessionResult, pairsResult] = await Promise.allSettled(loads)
  // Pairs that could not be loaded are said in the pair list (the market store keeps why), not in a
  // notice that would outlive a switch to another profile; a switch, or this exchange answering
  // again, loads the market by itself (the market store follows the session).
  if (pairsResult.status === 'fulfilled') await market.subscribeRemembered()
  return sessionResult.status === 'rejected' ? reason(sessionResult.reason) : null
}

/** Why the window cannot reach its core (no bridge), or null; main.ts says it on the whole page. */
export let bridgeProblem: string | null = null
try {
  useTerminal()
} catch (error) {
  bridgeProblem = reason(error)
}

/**
 * The web host's event stream broke and is back (the host cuts a window that fell behind): the events
 * in between are lost, so the session, the account and the shown market are read again, and the
 * trader is told why the chart reloads.
 */
export async function resync(): Promise<void> {
  setActivePinia(pinia)
  useNoticeStore().info('Reconnected to the terminal', 'Updates were lost while this window was cut off; the session, the account and the market have been read again.')
  await Promise.allSettled([useSessionStore().load(), useAccountStore().refresh(), useMarketStore().resync()])
}
if (bridgeProblem === null) useTerminal().onResume?.(() => void resync())

/** The first start, begun on import; null when there is no core to start with. */
export const firstStart: Promise<string | null> | null = bridgeProblem === null ? start() : null
