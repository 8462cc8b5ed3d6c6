// A workspace's pop-outs (docs/workspaces.md): the panels in windows of their own when it was saved
// (the pop-outs store, popouts/popouts.ts), kept in its `popouts` list, and put back when it is
// switched to: the pop-outs it does not have come back to the main window, the ones it has open. In
// the web host a window opens only within a click (a pop-up blocker), so this runs in the switch's
// click itself; a window the browser still refuses is marked blocked (its placeholder, and the
// workspace menu's "Open the N windows of this workspace", open it by a click).
import type { Popout, PopoutBounds, PopoutPlace } from '@domain/popouts/popouts'
import { MAX_PANE, popoutKey } from '@domain/popouts/popout-route'
import type { PopoutState } from '@domain/prefs/workspace'
import type { usePopoutsStore } from '../popouts/popouts'

type Popouts = Pick<ReturnType<typeof usePopoutsStore>, 'popouts' | 'isOut' | 'open' | 'close'>
export interface WorkspacePopout {
  place: PopoutPlace
  bounds: PopoutBounds | null
}

/** A window's place as a pop-out keeps it (popoutBoundsSchema's bounds), or none: it opens where the system puts it. */
function boundsOf(bounds: PopoutState['bounds']): PopoutBounds | null {
  if (!bounds) return null
  const whole = [bounds.x, bounds.y, bounds.width, bounds.height].every(Number.isInteger)
  const sane = Math.abs(bounds.x) <= 100_000 && Math.abs(bounds.y) <= 100_000 && bounds.width >= 200 && bounds.width <= 20_000 && bounds.height >= 150 && bounds.height <= 20_000
  return whole && sane ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height } : null
}

/** The pop-outs on screen, as a workspace keeps them. */
export function workspacePopouts(list: readonly Popout[]): PopoutState[] {
  return list.map((p) => ({ panel: p.panel, pane: p.pane, pair: p.pair, ...(p.bounds ? { bounds: { ...p.bounds } } : {}) }))
}

/** Why a workspace file's pop-outs cannot be taken (one window named twice), or null. Its fields are the schema's to check. */
export function popoutsProblem(list: readonly PopoutState[]): string | null {
  const keys = list.map((p) => (p.panel === 'chart' ? `chart-${p.pane ?? 0}` : 'book'))
  return new Set(keys).size === keys.length ? null : 'A workspace names each pop-out window once (at workspace.popouts)'
}

/** The pop-outs a workspace asks for: each panel once; a `trades` panel (the book's window shows the trades) is the book's. */
export function popoutsOfWorkspace(list: readonly PopoutState[]): WorkspacePopout[] {
  const wanted = new Map<string, WorkspacePopout>()
  for (const p of list) {
    const place: PopoutPlace = p.panel === 'chart' ? { panel: 'chart', pane: Math.min(Math.max(p.pane ?? 0, 0), MAX_PANE) } : { panel: 'book', pane: 0 }
    if (!wanted.has(popoutKey(place))) wanted.set(popoutKey(place), { place, bounds: boundsOf(p.bounds) })
  }
  return [...wanted.values()]
}

/**
 * Puts a workspace's pop-outs on screen: the ones it lacks come back, the ones it has open (each
 * window opened synchronously here, within the caller's click). Resolves when the core has them all.
 */
export function arrangePopouts(store: Popouts, list: readonly PopoutState[]): Promise<unknown> {
  const wanted = popoutsOfWorkspace(list)
  const keys = new Set(wanted.map((w) => popoutKey(w.place)))
  const work: Promise<void>[] = []
  for (const popout of store.popouts) if (!keys.has(popoutKey(popout))) work.push(store.close(popout))
  for (const w of wanted) if (!store.isOut(w.place)) work.push(store.open(w.place, w.bounds))
  return Promise.all(work)
}
