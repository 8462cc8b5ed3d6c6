// The Journal tab without the app around it: the renderer's own JournalPanel.vue (the list, the
// statistics, the equity in R and the histogram of R, in the window's theme and stylesheet) over its
// own store, given a report by a stand-in for the core, as the window gets one from journal.get.
//
// `__bench.draw(i)` times the journal of 5,000 trades computed and drawn: the round trips from 10,000
// fills by the FIFO lot book, each trade's plan, R and excursions, the statistics (journalReport, as
// the core does once it has read the fills; the candles are the core's reads and are left out), then
// the panel drawn in a tab that showed no journal (the virtual list's rows, the statistics, both
// charts made and drawn), up to the layout after it — and the frames the virtual list takes to lay
// its rows out once it has measured its box.
import { createApp, h, nextTick } from 'vue'
import { createPinia } from 'pinia'
import { NConfigProvider } from 'naive-ui'
import type { JournalAnswer, TerminalBridge } from '@domain/api/api'
import { journalReport } from '@domain/journal/journal'
import { roundTrips } from '@domain/journal/round-trips'
import { setTerminal } from '@/api'
import { useJournalStore } from '@/stores/journal/journal'
import { terminalDarkTheme } from '@/styles/dark-theme'
import { terminalThemeOverrides } from '@/styles/theme-overrides'
import JournalPanel from '@/features/journal/JournalPanel.vue'
import '@/styles/main.css'
import { journalInput } from './input'

const TRADES = 5_000

/** The journal of the fills and positions the core would have read (`input`, made before the clock starts). */
function answer({ fills, positions }: ReturnType<typeof journalInput>): JournalAnswer {
  const report = journalReport({ ...roundTrips({ fills }), positions, candles: () => ({ candles: [], label: 'none in the bench' }), notes: {} })
  return { ...report, accountId: 1, from: 0, to: Date.now() }
}

// The core's stand-in: the tab's first read answers the journal; nothing else is asked of it here.
const fake = {
  call: async (method: string) => (method === 'journal.get' ? answer(journalInput(TRADES, 0)) : null),
  on: () => () => {},
} as unknown as TerminalBridge
setTerminal(fake)

const pinia = createPinia()
const root = document.getElementById('app') as HTMLElement
createApp({ render: () => h(NConfigProvider, { theme: terminalDarkTheme.value, themeOverrides: terminalThemeOverrides(true) }, () => h(JournalPanel)) })
  .use(pinia)
  .mount(root)
const store = useJournalStore(pinia)

/** What is not drawn yet, in words; '' once all is. */
const missing = () =>
  [
    root.querySelectorAll('[data-testid="journal-equity"] canvas').length > 0 ? '' : 'the equity chart',
    root.querySelectorAll('[data-testid="journal-histogram"] canvas').length > 0 ? '' : 'the histogram',
    root.querySelectorAll('[data-testid="journal-row"]').length > 0 ? '' : 'the rows',
    root.querySelector('[data-stat="count"] dd')?.textContent === String(TRADES) ? '' : 'the statistics',
  ]
    .filter(Boolean)
    .join(', ')
const drawn = () => missing() === ''

const bench = {
  /** Resolves once the first journal is drawn (the charts included). */
  async ready(): Promise<void> {
    while (!drawn()) await new Promise((r) => setTimeout(r, 20))
  },
  /** Computed and drawn into a tab showing no journal: ms, of which computing, and the trades counted (a check). */
  async draw(i: number): Promise<{ ms: number; computeMs: number; trades: number }> {
    store.answer = null
    await nextTick()
    const input = journalInput(TRADES, i + 1)
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
    const t0 = performance.now()
    const computed = answer(input)
    const computeMs = performance.now() - t0
    store.answer = computed
    await nextTick()
    void root.offsetHeight
    // the virtual list lays its rows out once it has measured its box: the frames that takes count
    for (let frames = 0; !drawn() && frames < 30; frames++) await new Promise((r) => requestAnimationFrame(r))
    void root.offsetHeight
    const ms = performance.now() - t0
    if (!drawn()) throw new Error(`bench journal: not drawn: ${missing()}`)
    return { ms, computeMs, trades: store.answer.stats.count }
  },
}

;(window as unknown as { __bench: typeof bench }).__bench = bench
void bench.ready().then(() => (document.title = 'ready'))
