// The window's entry, kept tiny so it runs the moment the page has it: it sends the start's first
// calls (api/first-calls.ts), draws the first chart from their answers as soon as they are in
// (features/chart/first-chart.ts), and loads the window (main.ts), which mounts once that chart is
// drawn and takes it over. Without it the calls went out only once the whole window's code had
// loaded and run, and the candles then waited for the window's mount as well.
// The window's own fonts, first: their faces are declared before anything draws text (styles/fonts.css).
import './styles/fonts.css'
import { startTerminal, takePageData } from './api'
import type { FirstAnswers } from './api/first-calls'
import { drawCachedFrame, dropCachedFrame } from './features/chart/cached-frame-view'
import { loadCandleChart } from './features/chart/chart-chunk'
import { awaitFirstChart } from './features/chart/first-chart-handoff'
import { afterNextPaint } from './lib/after-paint'
import { warmIcuOffThread } from './lib/warm-icu'
import { preloadWindowModules } from './window-modules'
import { parsePopoutRoute } from '@domain/popouts/popout-route'
import { within } from '@domain/within'

/** At most this long the window waits for the frame that shows the first chart. */
const FRAME_WAIT_MS = 100
/** At most this long the first calls wait for the cached chart's code (see below). */
const CALLS_WAIT_MS = 300
/** At most this long the window's mount waits for the live chart to replace a cached one (see below). */
const LIVE_WAIT_MS = 300

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// A pop-out's window (?panel=…) lays out one panel, not the main window's regions the first chart is
// placed in: its chart draws once the window is up.
const chartCode = parsePopoutRoute(window.location.search) ? null : import('./features/chart/first-chart')
const given = takePageData()
// A page that carries the remembered chart (the web host's, before its core has started) draws it
// from that alone. Its first call is what starts the host's core (electron/web-host/run.ts), and
// sent at once it started it while this window's scripts compiled: on two cores they then competed
// for the whole first paint (issue 46). The calls go out once the chart's code has arrived, or after
// CALLS_WAIT_MS; the core then loads while the chart draws, and its live answers come sooner too.
void chartCode?.catch(() => undefined)
const callsAfter = given['market.cachedStart'] && chartCode ? within(chartCode, CALLS_WAIT_MS) : undefined
let answers: FirstAnswers | null = null
try {
  answers = startTerminal(given, callsAfter)
} catch {
  // No way to the core: main.ts finds the same and says so on the whole page.
}
// The chart's first price label would start the browser's ICU inside the first paint.
warmIcuOffThread()
// The first chart before anything else on the main thread: the window's code (main.ts, and the
// candle chart's, which imports it) is run once that chart is on screen, or will not be.
let first: Promise<unknown> = Promise.resolve()
if (answers && chartCode) {
  const from = answers
  // The remembered chart from the disk's cache, drawn by the chart's own code the moment its answer is
  // in (in the web host's page, at once) and before ECharts' code has arrived: the first chart then
  // draws the same over it (features/chart/cached-frame-view.ts). Once that code is here, it draws alone.
  // While it is on screen, the live chart is waited for until LIVE_WAIT_MS after it was drawn: in by
  // then, ECharts draws that one alone (first-chart.ts), and the window mounts after it.
  let chartHere = false
  let liveBy: Promise<void> | undefined
  void chartCode.then(() => (chartHere = true)).catch(() => undefined)
  void from.answer('market.cachedStart').then(
    (cached) => {
      if (!chartHere && drawCachedFrame(cached)) liveBy = pause(LIVE_WAIT_MS)
    },
    () => undefined,
  )
  const drawn = chartCode.then(
    (m) => m.drawFirstChart(from, undefined, liveBy),
    () => {
      dropCachedFrame()
      return false
    },
  )
  // The window mounts after the frame that shows the chart, not in the same task as its drawing; a
  // window that paints no frames (a hidden tab) mounts anyway.
  const shownOnScreen = () =>
    new Promise<void>((resolve) => {
      afterNextPaint(resolve)
      setTimeout(resolve, FRAME_WAIT_MS)
    })
  first = drawn.then((shown) => (shown ? shownOnScreen() : undefined))
  // The window's code is fetched and compiled after that frame, but on a start from the cache it is
  // run and mounted only after the frame in which the exchange's chart has replaced the cached one, or
  // LIVE_WAIT_MS after the cached frame: run first, or in the same task as that repaint, its
  // ~100-150 ms on the main thread held the live chart off the screen by as much (issue 46). Until it
  // mounts the trader sees the chart alone, marked stale.
  // (Asked once the first chart is drawn: only then does it follow the live answers.)
  const liveShown = () => chartCode.then((m) => m.firstChartFollowed()).then((repainted) => (repainted ? shownOnScreen() : undefined))
  void first.finally(preloadWindowModules)
  first = first.then(() => Promise.race([liveShown(), liveBy ?? pause(LIVE_WAIT_MS)]))
  awaitFirstChart(first)
}
void first.finally(() => {
  // The window's modules all at once, not each only when the one importing it has arrived.
  preloadWindowModules()
  void import('./main')
  // ChartArea.vue says so if it cannot load.
  void loadCandleChart().catch(() => undefined)
})
