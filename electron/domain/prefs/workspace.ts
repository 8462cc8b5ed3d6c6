// The chart workspace's arrangement (docs/workspaces.md): how many charts and how they stand (the
// layout), each chart's pair, interval and link colour, the windows popped out, the bottom tab shown;
// and the named workspaces that keep such an arrangement under a name. Shared by the core, which keeps
// them in the preferences, and the window, which edits them. The zod schemas are in
// workspace-schema.ts (the window loads zod only when it imports a file).
import type { CandleInterval } from '../wire/constants'
import type { IndicatorPref } from './chart-prefs'

/** 1: one chart; 2h: two side by side; 2v: two stacked; 4: a 2×2 grid. */
export const CHART_LAYOUTS = ['1', '2h', '2v', '4'] as const
export type ChartLayout = (typeof CHART_LAYOUTS)[number]

/** The link colours: members of one colour (charts, book, order form) follow one pair; none keeps its own. */
export const LINK_COLORS = ['none', 'blue', 'green', 'orange', 'purple'] as const
export type LinkColor = (typeof LINK_COLORS)[number]

/** At most this many chart panes: pane 0 is the window's main chart, panes 1–3 the extra ones. */
export const MAX_PANES = 4
/** At most this many named workspaces are kept. */
export const MAX_WORKSPACES = 20
/** A workspace's name: what the menu and its test id (`workspace-<name>`) show. */
export const WORKSPACE_NAME_MAX = 40
export const WORKSPACE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$/

/** What an exported workspace file says it is. */
export const WORKSPACE_FILE_FORMAT = 'trading-terminal-workspace'

/** The bottom tabs a workspace may name (BottomTabs.vue). */
export const BOTTOM_TABS = ['balances', 'fees', 'orders', 'positions', 'algos', 'blotter', 'history', 'fills', 'journal', 'alerts', 'portfolio', 'limits'] as const
export type BottomTab = (typeof BOTTOM_TABS)[number]

export interface ChartPaneState {
  pair: string
  interval: CandleInterval
  link: LinkColor
}

/** A window of its own (filled by the pop-out windows' work): which panel, which chart, where. */
export interface PopoutState {
  panel: 'chart' | 'book' | 'trades'
  /** The chart pane it shows (panel 'chart'). */
  pane?: number | undefined
  pair?: string | undefined
  bounds?: { x: number; y: number; width: number; height: number } | undefined
}

/**
 * The whole arrangement. `panes` always holds MAX_PANES entries (a layout of fewer shows the first
 * ones; the others keep their pair for when the layout grows again). Pane 0 is the window's main
 * market: the book, the order form and the trades show its pair, so its link colour is theirs too.
 */
export interface ChartArrangement {
  layout: ChartLayout
  panes: ChartPaneState[]
  bottomTab: BottomTab
  popouts: PopoutState[]
}

/** A named workspace: an arrangement, each pane's indicators (they are kept per pair and interval), when saved. */
export interface Workspace extends ChartArrangement {
  name: string
  /** Each shown pane's indicators, by pane index, as they were when saved. */
  indicators: IndicatorPref[][]
  savedAt: number
}

export const DEFAULT_PANE_PAIRS = ['BTC_USDT', 'ETH_USDT', 'BTC_USDT', 'ETH_USDT'] as const

export const DEFAULT_ARRANGEMENT: ChartArrangement = {
  layout: '1',
  panes: DEFAULT_PANE_PAIRS.map((pair) => ({ pair, interval: '15', link: 'none' as LinkColor })),
  bottomTab: 'balances',
  popouts: [],
}

/** How many panes a layout shows. */
export function paneCount(layout: ChartLayout): number {
  return layout === '1' ? 1 : layout === '4' ? 4 : 2
}
