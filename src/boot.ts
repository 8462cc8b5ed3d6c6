// The window's entry, kept tiny so it runs the moment the page has it: it sends the start's first
// calls (api/first-calls.ts), draws the first chart from their answers as soon as they are in
// (features/chart/first-chart.ts), and loads the window (main.ts), which mounts once that chart is
// drawn and takes it over. Without it the calls went out only once the whole window's code had
// loaded and run, and the candles then waited for the window's mount as well.
// The window's own fonts, first: their faces are declared before anything draws text (styles/fonts.css).
import './styles/fonts.css'
import { startTerminal } from './api'
import type { FirstAnswers } from './api/first-calls'
import { loadCandleChart } from './features/chart/chart-chunk'
import { awaitFirstChart } from './features/chart/first-chart-handoff'
import { afterNextPaint } from './lib/after-paint'
import { warmIcuOffThread } from './lib/warm-icu'
import { preloadWindowModules } from './window-modules'
import { parsePopoutRoute } from '@domain/popouts/popout-route'

/** At most this long the window waits for the frame that shows the first chart. */
const FRAME_WAIT_MS = 100

let answers: FirstAnswers | null = null
try {
  answers = startTerminal()
} catch {
  // No way to the core: main.ts finds the same and says so on the whole page.
}
// The chart's first price label would start the browser's ICU inside the first paint.
warmIcuOffThread()
// The first chart before anything else on the main thread: the window's code (main.ts, and the
// candle chart's, which imports it) is run once that chart is on screen, or will not be.
let first: Promise<unknown> = Promise.resolve()
// A pop-out's window (?panel=…) lays out one panel, not the main window's regions the first chart is
// placed in: its chart draws once the window is up.
if (answers && !parsePopoutRoute(window.location.search)) {
  const from = answers
  const drawn = import('./features/chart/first-chart').then((m) => m.drawFirstChart(from))
  // The window mounts after the frame that shows the chart, not in the same task as its drawing; a
  // window that paints no frames (a hidden tab) mounts anyway.
  const shownOnScreen = () =>
    new Promise<void>((resolve) => {
      afterNextPaint(resolve)
      setTimeout(resolve, FRAME_WAIT_MS)
    })
  first = drawn.then((shown) => (shown ? shownOnScreen() : undefined))
  awaitFirstChart(first)
}
void first.finally(() => {
  // The window's modules all at once, not each only when the one importing it has arrived.
  preloadWindowModules()
  void import('./main')
  // ChartArea.vue says so if it cannot load.
  void loadCandleChart().catch(() => undefined)
})
