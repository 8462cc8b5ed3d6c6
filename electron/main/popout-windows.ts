// The pop-outs' windows in the Electron app (docs/popouts.md). The core keeps the list of panels in
// windows of their own (popouts.*); this opens a window for each one listed and closes the window
// of each one no longer listed, whoever changed it (the main window's pop-out button or its "Bring
// back", a restart). A window the trader closes puts its panel back (popouts.close), unless the app is
// quitting or its main window closed: then the pop-out stays listed and comes back at the next start,
// where its window stood (popouts.place, kept as it moves and as it closes).
import type { BrowserWindow } from 'electron'
import type { TerminalCore } from '../domain/api/api'
import { type Popout, type PopoutBounds, type PopoutPlace, popoutKey, popoutQuery } from '../domain/popouts/popouts'
import { type Rect, onSomeDisplay } from './window-state'

/** A pop-out's window size when it has none remembered. */
export const POPOUT_DEFAULT_SIZE = { chart: { width: 900, height: 600 }, book: { width: 420, height: 720 } } as const

export const POPOUT_TITLES = { chart: 'Chart', book: 'Order book and trades' } as const

export interface PopoutWindowsDeps {
  core: Pick<TerminalCore, 'call' | 'on'>
  /** Makes a window exactly as the main window is made (app-window.ts), of kind 'popout', at `url`. */
  open: (spec: { title: string; bounds: { x?: number; y?: number; width: number; height: number } }, url: string) => BrowserWindow
  /** The app's page (app://terminal/ or the dev server's); the pop-out route is its query. */
  appUrl: string
  displays: () => Rect[]
  /** True while the app quits: windows closing then keep their pop-outs. */
  quitting: () => boolean
  onError?: (what: string, error: unknown) => void
}

export interface PopoutWindows {
  /** Reads the list and opens its windows; follows every change from then on. */
  start(): Promise<void>
  /** Closes every pop-out's window and keeps the list (the main window closed): they come back with it. */
  closeAll(): void
  /** The open pop-out windows (their IPC is the app's, as the main window's). */
  windows(): BrowserWindow[]
  stop(): void
}

/** The pop-out's URL: the app's page with its route, e.g. app://terminal/?panel=chart&pane=0. */
export function popoutUrl(appUrl: string, place: PopoutPlace): string {
  const url = new URL(appUrl)
  url.search = popoutQuery(place)
  return url.toString()
}

/** Where a pop-out's window opens: its remembered place where that is on a display, its size always. */
export function popoutBounds(popout: Popout, displays: Rect[]): { x?: number; y?: number; width: number; height: number } {
  const size = popout.bounds ? { width: popout.bounds.width, height: popout.bounds.height } : POPOUT_DEFAULT_SIZE[popout.panel]
  return popout.bounds && onSomeDisplay(popout.bounds, displays) ? { x: popout.bounds.x, y: popout.bounds.y, ...size } : size
}

export function createPopoutWindows(deps: PopoutWindowsDeps): PopoutWindows {
  const open = new Map<string, { win: BrowserWindow; place: PopoutPlace }>()
  let listed: Popout[] = []
  let detaching = false
  /** Windows closed with the main window: their pop-outs stay listed (they close later, asynchronously). */
  const kept = new WeakSet<BrowserWindow>()
  let stopListening: (() => void) | null = null
  const fail = (what: string) => (error: unknown) => deps.onError?.(what, error)

  function bounds(win: BrowserWindow): PopoutBounds {
    const { x, y, width, height } = win.getNormalBounds()
    return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) }
  }

  function openWindow(popout: Popout): void {
    const place: PopoutPlace = { panel: popout.panel, pane: popout.pane }
    const key = popoutKey(place)
    const title = `${POPOUT_TITLES[popout.panel]} — Trading Terminal`
    const win = deps.open({ title, bounds: popoutBounds(popout, deps.displays()) }, popoutUrl(deps.appUrl, place))
    open.set(key, { win, place })
    const remember = () => {
      if (!win.isDestroyed()) void deps.core.call('popouts.place', { ...place, bounds: bounds(win) }).catch(fail('remember a pop-out window'))
    }
    win.on('moved', remember)
    win.on('resized', remember)
    win.on('close', remember)
    win.on('closed', () => {
      if (open.get(key)?.win === win) open.delete(key)
      // Closed by the trader: the panel goes back to the main window. Closed by quitting, or with the
      // main window: it stays listed and comes back.
      if (kept.has(win) || deps.quitting()) return
      if (listed.some((p) => popoutKey(p) === key)) void deps.core.call('popouts.close', place).catch(fail('put a panel back'))
    })
  }

  function sync(next: Popout[]): void {
    listed = next
    if (detaching) return
    const wanted = new Set(next.map(popoutKey))
    for (const [key, { win }] of open) {
      if (!wanted.has(key)) {
        open.delete(key)
        if (!win.isDestroyed()) win.close()
      }
    }
    for (const popout of next) if (!open.has(popoutKey(popout))) openWindow(popout)
  }

  return {
    async start() {
      detaching = false
      stopListening ??= deps.core.on('popouts.changed', ({ popouts }) => sync(popouts))
      try {
        sync((await deps.core.call('popouts.list', undefined)).popouts)
      } catch (error) {
        fail('read the pop-outs')(error)
      }
    },
    closeAll() {
      detaching = true
      for (const { win } of open.values()) {
        kept.add(win)
        if (!win.isDestroyed()) win.close()
      }
      open.clear()
    },
    windows: () => [...open.values()].map((o) => o.win).filter((w) => !w.isDestroyed()),
    stop() {
      stopListening?.()
      stopListening = null
    },
  }
}
