// Which chart pane a chart component belongs to (docs/workspaces.md): its market (the pair, interval
// and candles it shows) and its drawings. Pane 0 is the window's main chart: the main market store
// (market.ts, with the first chart and the cached start) and the main drawings store, what every
// chart component reads when nothing provides a pane. Panes 1–3 (ChartPane.vue) provide their own.
import { inject, provide, type InjectionKey } from 'vue'
import { useMarketStore } from '@/stores/market/market'
import { useDrawingsStore, type DrawingsStore } from '@/stores/drawings/drawings'

type MainMarket = ReturnType<typeof useMarketStore>

/** What a chart reads of its market: the main market store has it all, a pane's market (pane-market.ts) the same. */
export type ChartFeed = Pick<
  MainMarket,
  | 'pair'
  | 'interval'
  | 'candles'
  | 'ticker'
  | 'selectedPair'
  | 'lastPrice'
  | 'stale'
  | 'fetchedAt'
  | 'loading'
  | 'loadingOlder'
  | 'reachedStart'
  | 'error'
  | 'feedSession'
  | 'setInterval'
  | 'loadOlder'
> & { setPair(name: string): Promise<void> }

export interface ChartPaneContext {
  /** 0: the window's main chart; 1–3: the extra panes. */
  index: number
  feed: ChartFeed
  drawings: DrawingsStore
}

const CHART_PANE: InjectionKey<ChartPaneContext> = Symbol('chart pane')

export function provideChartPane(context: ChartPaneContext): void {
  provide(CHART_PANE, context)
}

/** The pane this component is in: the provided one, or the main chart. */
export function useChartPane(): ChartPaneContext {
  return inject(CHART_PANE, null) ?? { index: 0, feed: useMarketStore(), drawings: useDrawingsStore() }
}

/** An element id unique to the pane: the main chart keeps the id it always had. */
export function paneElementId(base: string, index: number): string {
  return index === 0 ? base : `${base}-${index}`
}
