// The window's start, as one function that main.ts calls: listen to the core's events, load the
// session, the preferences and the pair list, and ask for the first chart. Nothing runs on import.
//
// The first chart subscription is this function's alone, and it goes first: market.start asks the
// core for the remembered chart at once, in one round trip, before the preferences or the session
// have answered (the core knows the pair; a window host has even opened its feed already, so the
// answer comes from memory). The window's other reads wait for that answer (api/first-chart.ts): the
// browser sends six requests to a host at a time, and they took them all. With nothing remembered, or
// a remembered pair this exchange does not list, the pair list chooses once it is in; that is the
// only other subscription the start makes. Later switches are the market store's (it follows the
// session). docs/architecture.md, "The renderer's start", tells the whole path.
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { setTerminal, useTerminal } from '@/api'
import { type FirstChartGate, holdForFirstChart } from '@/api/first-chart'
import { useSessionStore } from '@/stores/session/session'
import { useAccountStore } from '@/stores/account/account'
import { useFeedStore } from '@/stores/session/feed'
import { useBookStore } from '@/stores/market/book'
import { usePrefsStore } from '@/stores/prefs'
import { useNoticeStore } from '@/stores/notices'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import { useDiagnosticsStore } from '@/stores/diagnostics'
import { usePopoutsStore } from '@/stores/popouts/popouts'
import { formatAmount, formatClock } from '@/lib/format'

/**
 * At most this long the mount waits for the chart's request to go out. The mount is one long
 * synchronous stretch and no answer is handled while it runs, so it waits until the chart has been
 * asked for (one quick round trip) and the core fetches the chart while the window mounts; a core
 * that is slow to answer (a keychain prompt) does not keep the window blank.
 */
export const MOUNT_WAIT_MS = 200

/** At most this long the window's other reads wait for the first chart's answer (api/first-chart.ts). */
export const FIRST_CHART_WAIT_MS = 1_500

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
  // The chart's calls first; the window's other reads wait for its answer (api/first-chart.ts).
  const gate = holdForFirstChart(useTerminal(), FIRST_CHART_WAIT_MS)
  setTerminal(gate.bridge)
  const pinia = createPinia()
  setActivePinia(pinia)
  // The window's long tasks from its start (the browser's buffer has those before it, too).
  useDiagnosticsStore().start()
  let chartAsked: () => void = () => undefined
  const asked = new Promise<void>((resolve) => (chartAsked = resolve))
  useTerminal().onResume?.(() => void resync(pinia))
  const run = (): Promise<string | null> => start(pinia, chartAsked, gate)
  return {
    pinia,
    firstStart: run(),
    mountable: Promise.race([asked, new Promise<void>((resolve) => setTimeout(resolve, MOUNT_WAIT_MS))]),
    retry: run,
  }
}

async function start(pinia: Pinia, chartAsked: () => void, gate: FirstChartGate): Promise<string | null> {
  setActivePinia(pinia)
  const market = useMarketStore()
  const pairList = usePairsStore()
  const prefs = usePrefsStore()
  const session = useSessionStore()
  const popouts = usePopoutsStore()
  // The core's notices are the main window's to show; a pop-out shows its own only.
  if (!popouts.here) useNoticeStore().listen()
  useAccountStore().listen()
  useFeedStore().listen()
  // The book from the first event on: its panel mounts after the chart's paint, with the book in.
  useBookStore().listen()
  // The chart first, in one round trip: the core subscribes to the remembered pair (market.start) while
  // the preferences and the session travel beside it. Without an answer (nothing remembered, no
  // profile, a failure) the chart is the pair list's to choose, once it is in.
  const started = market.subscribeStart()
  void started.finally(gate.open)
  let prefsIn = false
  let sessionIn = false
  const askChart = (): void => {
    if (!prefsIn || !sessionIn) return
    // Both in: the chart has been asked (market.start went out before either answer came).
    chartAsked()
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
  // No session: no chart to ask for; the mount need not wait for one, nor the other reads.
  loads[1].catch(() => {
    chartAsked()
    gate.open()
  })
  // The first number and time formats load the locale's data (15–40 ms here): done while the first
  // answers travel, not inside the mount that waits for them.
  setTimeout(() => {
    formatAmount('0', 2)
    formatClock(0)
  }, 0)
  // The remembered market from the disk, painted (stale) while the exchange is asked for the fresh one,
  // once the session says whose it may be.
  void loads[1].then(
    () => market.showCachedStart(),
    () => undefined,
  )
  // The panels in windows of their own: the main window of the web host opens the kept ones again.
  void popouts.load().then(() => popouts.restore())
  const [, sessionResult, pairsResult] = await Promise.allSettled(loads)
  // Pairs that could not be loaded are said in the pair list (the pairs store keeps why), not in a
  // notice that would outlive a switch to another profile; a switch, or this exchange answering
  // again, loads the market by itself (the market store follows the session).
  if (pairsResult.status === 'fulfilled') {
    const ok = await started
    if (!ok || !pairList.pairs.some((p) => p.name === market.pair)) await market.subscribeRemembered()
  }
  return problemOf(sessionResult)
}

const problemOf = (result: PromiseSettledResult<unknown>): string | null => (result.status === 'rejected' ? reason(result.reason) : null)

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
