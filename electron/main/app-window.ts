// Every window of the app, the main one and each pop-out (popout-windows.ts), is made here, by one
// function of options and one of hardening, so their security settings cannot drift apart: the same
// sandboxed, context-isolated web preferences without Node and with the same preload (security.ts),
// the same navigation and window-open guards, and the same session (its CSP and denied permissions,
// hardenSession in index.ts). Only their size limits and titles differ.
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron'
import { hardenContents, secureWebPreferences } from './security'

export type AppWindowKind = 'main' | 'popout'

export interface AppWindowSpec {
  kind: AppWindowKind
  title: string
  /** Where it opens; x and y only where they lie on a display (window-state.ts onSomeDisplay). */
  bounds: { x?: number | undefined; y?: number | undefined; width: number; height: number }
  preload: string
  icon: string
}

/** The smallest each kind of window may be made: the main window's regions need room, a single panel less. */
export const MIN_SIZE: Record<AppWindowKind, { minWidth: number; minHeight: number }> = {
  main: { minWidth: 960, minHeight: 600 },
  popout: { minWidth: 360, minHeight: 240 },
}

export function appWindowOptions(spec: AppWindowSpec): BrowserWindowConstructorOptions {
  const { x, y, width, height } = spec.bounds
  return {
    ...(x !== undefined && y !== undefined ? { x, y } : {}),
    width,
    height,
    ...MIN_SIZE[spec.kind],
    show: false,
    title: spec.title,
    backgroundColor: '#101014',
    icon: spec.icon,
    webPreferences: secureWebPreferences(spec.preload),
  }
}

export interface AppWindowDeps {
  /** Electron's BrowserWindow (a fake in tests). */
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow
  /** The app's own page: navigation anywhere else is refused. */
  appUrl: string
  openExternal: (url: string) => void
}

/** A new window with appWindowOptions(spec), its contents hardened before anything loads; shown once ready. */
export function createAppWindow(deps: AppWindowDeps, spec: AppWindowSpec, onReady?: (win: BrowserWindow) => void): BrowserWindow {
  const win = new deps.BrowserWindow(appWindowOptions(spec))
  hardenContents(win.webContents, deps.appUrl, deps.openExternal)
  win.once('ready-to-show', () => {
    onReady?.(win)
    win.show()
  })
  return win
}
