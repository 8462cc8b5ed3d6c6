// Link colours, pure (docs/workspaces.md): the chart panes of one colour follow one pair; a pane of
// no colour keeps its own. Pane 0 is the window's main market: the book and the order form show its
// pair, so its colour is theirs too.
import type { ChartArrangement, ChartLayout, ChartPaneState, LinkColor } from '@domain/prefs/workspace'
import { MAX_PANES, paneCount } from '@domain/prefs/workspace'

/** The panes with `pane`'s pair changed, and every pane of its colour with it. */
export function followPair(panes: readonly ChartPaneState[], pane: number, pair: string): ChartPaneState[] {
  const link = panes[pane]?.link ?? 'none'
  return panes.map((p, i) => (i === pane || (link !== 'none' && p.link === link) ? (p.pair === pair ? p : { ...p, pair }) : p))
}

/**
 * The panes with `pane` given colour `link`: joining a group that has members takes the group's pair
 * (the main market's where pane 0 is one of them, else the first member's); none keeps its pair.
 */
export function joinLink(panes: readonly ChartPaneState[], pane: number, link: LinkColor): ChartPaneState[] {
  const members = link === 'none' ? [] : panes.map((p, i) => ({ p, i })).filter(({ p, i }) => i !== pane && p.link === link)
  const leader = members.find(({ i }) => i === 0) ?? members[0]
  return panes.map((p, i) => (i === pane ? { ...p, link, pair: leader ? leader.p.pair : p.pair } : p))
}

/** The panes whose pair or interval differ between two lists (what must be subscribed again). */
export function changedPanes(before: readonly ChartPaneState[], after: readonly ChartPaneState[]): number[] {
  return after.flatMap((p, i) => (before[i]?.pair !== p.pair || before[i]?.interval !== p.interval ? [i] : []))
}

/** The indices of the panes a layout shows. */
export function shownPanes(layout: ChartLayout): number[] {
  return Array.from({ length: Math.min(paneCount(layout), MAX_PANES) }, (_, i) => i)
}

/** The arrangement with the main market's pair and interval as pane 0's (and its colour's panes following). */
export function withMainMarket(arrangement: ChartArrangement, pair: string, interval: ChartPaneState['interval']): ChartArrangement {
  const first = arrangement.panes[0]
  if (!first || !pair || (first.pair === pair && first.interval === interval)) return arrangement
  const panes = followPair(arrangement.panes, 0, pair).map((p, i) => (i === 0 ? { ...p, interval } : p))
  return { ...arrangement, panes }
}
