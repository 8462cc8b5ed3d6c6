// Which panel a pop-out window shows, in its address: the same renderer entry as the main window,
// with `?panel=chart&pane=0` (or `?panel=book&pane=0`). No zod here: the page's first screen reads
// it (src/boot.ts) and the sandboxed preload may too.

/** The panels that can have a window of their own: a chart pane, and the order book with the trades. */
export const POPOUT_PANELS = ['chart', 'book'] as const
export type PopoutPanel = (typeof POPOUT_PANELS)[number]
/** The most chart panes a window lays out (layouts of 1, 2 and 4), so the highest pane index is 3. */
export const MAX_PANE = 3

/**
 * Whose chart pane a pane feed is (market.paneSubscribe): the main window's, or the pop-out's that
 * shows that pane alone. Each holds a feed of its own in the core, so one window ending its pane's
 * feed never ends the other's.
 */
export const PANE_HOLDERS = ['main', 'popout'] as const
export type PaneHolder = (typeof PANE_HOLDERS)[number]

export const POPOUT_PANEL_PARAM = 'panel'
export const POPOUT_PANE_PARAM = 'pane'

export interface PopoutPlace {
  panel: PopoutPanel
  pane: number
}

/** A panel in words, for a sentence's start: "The chart" (pane 0), "Chart 2" (pane 1), "The order book and trades". */
export function popoutName(place: PopoutPlace): string {
  return place.panel === 'book' ? 'The order book and trades' : place.pane === 0 ? 'The chart' : `Chart ${place.pane + 1}`
}

/** One pop-out per panel and pane: its key, also the browser window's name in the web host. */
export function popoutKey(place: PopoutPlace): string {
  return `popout-${place.panel}-${place.pane}`
}

/** The query of the pop-out route: `panel=chart&pane=0`. */
export function popoutQuery(place: PopoutPlace): string {
  return `${POPOUT_PANEL_PARAM}=${place.panel}&${POPOUT_PANE_PARAM}=${place.pane}`
}

/** The pop-out a page's query asks for, or null for the main window (or a query that names none exactly). */
export function parsePopoutRoute(search: string | URLSearchParams): PopoutPlace | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const panel = params.get(POPOUT_PANEL_PARAM)
  const pane = params.get(POPOUT_PANE_PARAM)
  if (panel === null && pane === null) return null
  if (!(POPOUT_PANELS as readonly (string | null)[]).includes(panel)) return null
  if (pane === null || !/^[0-9]$/.test(pane) || Number(pane) > MAX_PANE) return null
  return { panel: panel as PopoutPanel, pane: Number(pane) }
}

/**
 * What a web host's one-time code may open: `app` (the main window) or one pop-out route. A code
 * minted for a pop-out opens that route only, and the page trades it saying which route it is on.
 */
export type LinkScope = 'app' | `popout:${PopoutPanel}:${number}`

export function linkScope(place: PopoutPlace | null): LinkScope {
  return place ? `popout:${place.panel}:${place.pane}` : 'app'
}
