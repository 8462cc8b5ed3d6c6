// The Portfolio tab without the app around it: the renderer's own PortfolioPanel.vue (its table, the
// allocation ring and the equity chart, in the window's theme and stylesheet) over its own store,
// given a report by a stand-in for the core, as the window gets one from portfolio.get.
//
// `__bench.draw(i)` times what the trader waits for once the balances are in: valuing 5 accounts ×
// 40 currencies (valuePortfolio, as the core does) and drawing it in a tab that shows no report yet
// (the table built, the allocation ring's ECharts made and drawn) up to the layout after it. Vue
// patches the DOM in the microtask nextTick waits for; ECharts draws inside setOption; the forced
// layout (offsetHeight) counts the browser's style and layout of the new table too.
import { createApp, h, nextTick } from 'vue'
import { createPinia } from 'pinia'
import { NConfigProvider } from 'naive-ui'
import type { TerminalBridge } from '@domain/api/api'
import { valuePortfolio, type PortfolioReport } from '@domain/portfolio/portfolio'
import { setTerminal } from '@/api'
import { usePortfolioStore } from '@/stores/all-accounts/portfolio'
import { terminalDarkTheme } from '@/styles/dark-theme'
import { terminalThemeOverrides } from '@/styles/theme-overrides'
import PortfolioPanel from '@/features/portfolio/PortfolioPanel.vue'
import '@/styles/main.css'
import { valuationInput } from './input'

type Input = Parameters<typeof valuePortfolio>[0]
const report = (shift: number): PortfolioReport => ({ ...valuePortfolio(valuationInput(shift) as unknown as Input), failed: [] })

// The core's stand-in: the tab's first read answers the report; nothing else is asked of it here.
const fake = {
  call: async (method: string) => (method === 'portfolio.get' ? report(0) : method === 'equity.get' ? [] : null),
  on: () => () => {},
} as unknown as TerminalBridge
setTerminal(fake)

const pinia = createPinia()
const root = document.getElementById('app') as HTMLElement
createApp({ render: () => h(NConfigProvider, { theme: terminalDarkTheme.value, themeOverrides: terminalThemeOverrides(true) }, () => h(PortfolioPanel)) })
  .use(pinia)
  .mount(root)
const store = usePortfolioStore(pinia)

const drawn = () => root.querySelectorAll('[data-testid="portfolio-allocation"] canvas').length > 0 && root.querySelectorAll('tbody[data-testid^="portfolio-account-"]').length === 5

const bench = {
  /** Resolves once the first report is drawn (the lazily loaded charts included). */
  async ready(): Promise<void> {
    while (!drawn()) await new Promise((r) => setTimeout(r, 20))
  },
  /** Valued and drawn into a tab showing no report: ms, and the rows drawn (a check). */
  async draw(i: number): Promise<{ ms: number; rows: number }> {
    store.report = null
    await nextTick()
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
    const t0 = performance.now()
    store.report = report(i + 1)
    await nextTick()
    void root.offsetHeight
    const ms = performance.now() - t0
    if (!drawn()) throw new Error('bench portfolio: the table or the allocation ring was not drawn')
    return { ms, rows: root.querySelectorAll('tr[data-testid^="portfolio-row-"]').length }
  },
}

;(window as unknown as { __bench: typeof bench }).__bench = bench
void bench.ready().then(() => (document.title = 'ready'))
