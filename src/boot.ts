// The window's entry, kept tiny so it runs the moment the page has it: it sends the start's first
// calls (api/first-calls.ts) and asks for the chart's code, then loads the window (main.ts) while they
// travel. Without it the calls went out only once the whole window's code had loaded and run, and the
// core's answers and the chart's code came after.
import { startTerminal } from './api'
import { loadCandleChart } from './features/chart/chart-chunk'

try {
  startTerminal()
} catch {
  // No way to the core: main.ts finds the same and says so on the whole page.
}
void import('./main')
// ChartArea.vue says so if it cannot load.
void loadCandleChart().catch(() => undefined)
