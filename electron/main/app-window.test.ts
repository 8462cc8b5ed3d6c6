// Every window is made by one function: a pop-out has exactly the main window's security settings.
import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import type { BrowserWindow } from 'electron'
import { MIN_SIZE, appWindowOptions, createAppWindow } from './app-window'
import { secureWebPreferences } from './security'

const spec = { title: 'T', bounds: { x: 10, y: 20, width: 900, height: 600 }, preload: '/app/preload/index.cjs', icon: '/icon.png' }

describe('the app window options', () => {
  it('are the same for the main window and a pop-out but for the size limits and title: sandbox, isolation, no Node, one preload', () => {
    const main = appWindowOptions({ ...spec, kind: 'main' })
    const popout = appWindowOptions({ ...spec, kind: 'popout', title: 'Chart' })
    expect(popout.webPreferences).toEqual(main.webPreferences)
    expect(popout.webPreferences).toEqual(secureWebPreferences('/app/preload/index.cjs'))
    expect(popout.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, nodeIntegrationInSubFrames: false, webSecurity: true, webviewTag: false })
    const { minWidth, minHeight, title, ...rest } = popout
    const { minWidth: _w, minHeight: _h, title: _t, ...mainRest } = main
    expect(rest).toEqual(mainRest)
    expect({ minWidth, minHeight }).toEqual(MIN_SIZE.popout)
    expect(title).toBe('Chart')
    expect(main.show).toBe(false)
  })

  it('place a window only where it has both coordinates', () => {
    expect(appWindowOptions({ ...spec, kind: 'popout', bounds: { width: 500, height: 400 } })).not.toHaveProperty('x')
    expect(appWindowOptions({ ...spec, kind: 'popout' })).toMatchObject({ x: 10, y: 20, width: 900, height: 600 })
  })
})

describe('createAppWindow', () => {
  function fakeElectron() {
    const made: Array<{
      options: unknown
      guards: Map<string, (e: { preventDefault(): void }, url: string) => void>
      openHandler: ((d: { url: string }) => unknown) | null
      ready: (() => void) | null
      shown: boolean
    }> = []
    class FakeWindow {
      entry = { options: null as unknown, guards: new Map(), openHandler: null as ((d: { url: string }) => unknown) | null, ready: null as (() => void) | null, shown: false }
      webContents = {
        setWindowOpenHandler: (h: (d: { url: string }) => unknown) => (this.entry.openHandler = h),
        on: (event: string, fn: (e: { preventDefault(): void }, url: string) => void) => this.entry.guards.set(event, fn),
      }
      constructor(options: unknown) {
        this.entry.options = options
        made.push(this.entry)
      }
      once(_event: string, fn: () => void) {
        this.entry.ready = fn
      }
      show() {
        this.entry.shown = true
      }
    }
    return { made, BrowserWindow: FakeWindow as unknown as new () => BrowserWindow }
  }

  it('guards a pop-out as the main window: no navigation away, no new windows, https links to the browser', () => {
    const electron = fakeElectron()
    const openExternal = vi.fn()
    const deps = { BrowserWindow: electron.BrowserWindow, appUrl: 'app://terminal/', openExternal }
    createAppWindow(deps, { ...spec, kind: 'main' })
    createAppWindow(deps, { ...spec, kind: 'popout' })
    const [main, popout] = electron.made
    expect([...popout!.guards.keys()].sort()).toEqual([...main!.guards.keys()].sort())
    for (const made of electron.made) {
      const prevented = vi.fn()
      made.guards.get('will-navigate')!({ preventDefault: prevented }, 'https://evil.example/')
      made.guards.get('will-navigate')!({ preventDefault: prevented }, 'app://terminal/?panel=chart&pane=0')
      expect(prevented).toHaveBeenCalledTimes(1)
      expect(made.openHandler!({ url: 'app://terminal/?panel=chart&pane=0' })).toEqual({ action: 'deny' })
      expect(made.openHandler!({ url: 'https://docs.example/' })).toEqual({ action: 'deny' })
    }
    expect(openExternal).toHaveBeenCalledWith('https://docs.example/')
  })

  it('shows the window once it is ready, after the caller has had its say', () => {
    const electron = fakeElectron()
    const onReady = vi.fn(() => expect(electron.made[0]!.shown).toBe(false))
    createAppWindow({ BrowserWindow: electron.BrowserWindow, appUrl: 'app://terminal/', openExternal: vi.fn() }, { ...spec, kind: 'main' }, onReady)
    expect(electron.made[0]!.shown).toBe(false)
    electron.made[0]!.ready!()
    expect(onReady).toHaveBeenCalledTimes(1)
    expect(electron.made[0]!.shown).toBe(true)
  })
})
