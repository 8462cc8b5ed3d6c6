// The web host's pop-out windows, as the browser gives them (docs/popouts.md): each is opened by the
// main window through a fresh one-time link of its route (the host mints it on request), named after
// its panel so a reload of the main window finds it again instead of opening a second, and watched
// until it closes (closing it puts its panel back). The Electron app opens its pop-outs in its main
// process instead (electron/main/popout-windows.ts); none of this runs there.
import type { PopoutBounds, PopoutPlace } from '@domain/popouts/popouts'
import { popoutKey } from '@domain/popouts/popout-route'

/** How often the main window looks whether a pop-out's window is still open (the browser tells no event). */
export const CLOSED_POLL_MS = 500

/** A pop-out's size when it has no place remembered. */
export const BROWSER_DEFAULT_SIZE = { chart: { width: 900, height: 600 }, book: { width: 420, height: 720 } } as const

/** `window.open`'s features: its own window (not a tab), where it stood and its size, when the browser allows them. */
export function windowFeatures(place: PopoutPlace, bounds: PopoutBounds | null): string {
  const size = bounds ?? BROWSER_DEFAULT_SIZE[place.panel as keyof typeof BROWSER_DEFAULT_SIZE]
  const at = bounds ? `,left=${bounds.x},top=${bounds.y}` : ''
  return `popup,width=${size.width},height=${size.height}${at}`
}

export interface BrowserWindowsDeps {
  /** window.open, or a fake in tests. */
  open: (url: string, name: string, features: string) => Window | null
  /** A fresh one-time URL of the pop-out's route (the web host's POST /session/link). */
  link: (place: PopoutPlace) => Promise<string>
  /** The trader closed the pop-out's window: its panel goes back. */
  closed: (place: PopoutPlace) => void
  every?: (fn: () => void, ms: number) => () => void
}

export interface BrowserWindows {
  /**
   * Opens (or finds, after a reload) the pop-out's window; false when the browser refused to open it
   * (a pop-up blocker: the trader opens it with a click). Call it within the click that asks, before
   * any await: the window is opened at once and sent to its link once the host has minted it.
   */
  show(place: PopoutPlace, bounds: PopoutBounds | null): Promise<boolean>
  /** True while the pop-out's window is open and watched. */
  isOpen(place: PopoutPlace): boolean
  /** Closes the pop-out's window (its panel was brought back), without telling `closed`. */
  close(place: PopoutPlace): void
  dispose(): void
}

export function createBrowserWindows(deps: BrowserWindowsDeps): BrowserWindows {
  const open = new Map<string, { win: Window; place: PopoutPlace }>()
  const every =
    deps.every ??
    ((fn, ms) => {
      const timer = setInterval(fn, ms)
      return () => clearInterval(timer)
    })
  let stopWatching: (() => void) | null = null

  function watch(): void {
    stopWatching ??= every(() => {
      for (const [key, { win, place }] of open) {
        if (!win.closed) continue
        open.delete(key)
        deps.closed(place)
      }
      if (open.size === 0) {
        stopWatching?.()
        stopWatching = null
      }
    }, CLOSED_POLL_MS)
  }

  /** A window still on about:blank is new; one at this origin's page is a pop-out opened before a reload. */
  function isBlank(win: Window): boolean {
    try {
      return win.location.href === 'about:blank' || win.location.href === ''
    } catch {
      return true
    }
  }

  return {
    async show(at, bounds) {
      const place: PopoutPlace = { panel: at.panel, pane: at.pane }
      const key = popoutKey(place)
      const known = open.get(key)
      if (known && !known.win.closed) {
        known.win.focus()
        return true
      }
      // No URL: an open window of that name is found without being navigated (it keeps its page).
      const win = deps.open('', key, windowFeatures(place, bounds))
      if (!win) return false
      open.set(key, { win, place })
      if (isBlank(win)) {
        try {
          win.location.replace(await deps.link(place))
        } catch (error) {
          open.delete(key)
          win.close()
          throw error
        }
      }
      watch()
      return true
    },
    isOpen: (place) => {
      const known = open.get(popoutKey(place))
      return known !== undefined && !known.win.closed
    },
    close(place) {
      const key = popoutKey(place)
      const known = open.get(key)
      open.delete(key)
      if (known && !known.win.closed) known.win.close()
    },
    dispose() {
      stopWatching?.()
      stopWatching = null
      open.clear()
    },
  }
}
