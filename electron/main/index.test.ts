// The composition root with Electron mocked: one instance only, a hardened session, a sandboxed
// window shown on ready-to-show, IPC bound before the window loads, and a clean quit.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'

const dataDir = mkdtempSync(join(tmpdir(), 'terminal-main-'))
process.env.TERMINAL_DATA_DIR = dataDir
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const state = vi.hoisted(() => ({
  lock: true,
  windows: [] as Array<{ options: Record<string, unknown>; handlers: Map<string, () => void>; shown: boolean; loaded: string | null }>,
  appHandlers: new Map<string, (...a: unknown[]) => void>(),
  handled: new Set<string>(),
  quit: 0,
  permission: null as null | ((c: unknown, p: string, cb: (ok: boolean) => void) => void),
  schemes: [] as Array<{ scheme: string }>,
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
}))

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows() {
      return []
    }
    entry: (typeof state.windows)[number]
    webContents = { mainFrame: {}, setWindowOpenHandler: () => undefined, on: () => undefined, isDestroyed: () => false, send: () => undefined }
    constructor(options: Record<string, unknown>) {
      this.entry = { options, handlers: new Map(), shown: false, loaded: null }
      state.windows.push(this.entry)
    }
    once(event: string, fn: () => void) {
      this.entry.handlers.set(event, fn)
    }
    on(event: string, fn: () => void) {
      this.entry.handlers.set(event, fn)
    }
    show() {
      this.entry.shown = true
    }
    maximize() {}
    isDestroyed() {
      return false
    }
    loadURL(url: string) {
      this.entry.loaded = url
      return Promise.resolve()
    }
  }
  return {
    dialog: { showSaveDialog: async () => ({ canceled: true, filePath: '' }) },
    app: {
      requestSingleInstanceLock: () => state.lock,
      isPackaged: false,
      getAppPath: () => join(__dirname, '../..'),
      quit: () => void (state.quit += 1),
      whenReady: () => Promise.resolve(),
      getPath: () => dataDir,
      on: (event: string, fn: (...a: unknown[]) => void) => void state.appHandlers.set(event, fn),
    },
    BrowserWindow,
    protocol: {
      registerSchemesAsPrivileged: (schemes: Array<{ scheme: string }>) => void state.schemes.push(...schemes),
      handle: (scheme: string, fn: (request: Request) => Promise<Response>) => void state.protocolHandlers.set(scheme, fn),
      unhandle: (scheme: string) => void state.protocolHandlers.delete(scheme),
    },
    Notification: Object.assign(function Notification() {}, { isSupported: () => false }),
    ipcMain: { handle: (channel: string) => void state.handled.add(channel), removeHandler: (c: string) => void state.handled.delete(c) },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof state.permission) => void (state.permission = h),
        setPermissionCheckHandler: () => undefined,
        webRequest: { onHeadersReceived: () => undefined },
      },
    },
    shell: { openExternal: () => Promise.resolve() },
  }
})

// The embedded demo exchange is not needed to check the shell; keytar is replaced by "absent".
vi.mock('../demo-exchange/server', () => ({ embeddedDemoExchange: () => ({ start: async () => ({ baseUrl: 'http://127.0.0.1:9/api/v3', accounts: [] }), close: async () => undefined }) }))

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
}

describe('Electron main', () => {
  beforeEach(() => {
    vi.resetModules()
    state.windows.length = 0
    state.appHandlers.clear()
    state.handled.clear()
    state.quit = 0
    state.schemes.length = 0
    state.protocolHandlers.clear()
  })

  it('quits at once when another instance holds the lock', async () => {
    state.lock = false
    await import('./index')
    expect(state.quit).toBe(1)
    expect(state.windows).toHaveLength(0)
  })

  it('opens one sandboxed window, shown on ready-to-show, with the API bound and permissions denied', async () => {
    state.lock = true
    await import('./index')
    await until(() => state.windows.length > 0)
    const [win] = state.windows
    expect(win!.options).toMatchObject({ show: false, webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true } })
    expect(String((win!.options.webPreferences as { preload: string }).preload)).toMatch(/preload[\\/]index\.cjs$/)
    // The renderer comes over the app's own scheme, registered before ready and answered after.
    expect(win!.loaded).toBe('app://terminal/index.html')
    expect(state.schemes.map((s) => s.scheme)).toEqual(['app'])
    expect(state.protocolHandlers.has('app')).toBe(true)
    expect(existsSync(String(win!.options.icon))).toBe(true)
    expect(win!.shown).toBe(false)
    win!.handlers.get('ready-to-show')!()
    expect(win!.shown).toBe(true)
    expect(state.handled.has('terminal:app.info')).toBe(true)
    expect(state.handled.has('terminal:orders.place')).toBe(true)
    const decide = vi.fn()
    state.permission!({}, 'media', decide)
    expect(decide).toHaveBeenCalledWith(false)
    // A second launch focuses this window instead of opening another.
    expect(state.appHandlers.has('second-instance')).toBe(true)
    state.appHandlers.get('will-quit')!()
    expect(state.handled.size).toBe(0)
    expect(state.protocolHandlers.size).toBe(0)
  })

  it('opens a kept pop-out in a window of its own, with exactly the main window’s security settings and preload', async () => {
    state.lock = true
    writeFileSync(join(dataDir, 'popouts.json'), JSON.stringify({ version: 1, popouts: [{ panel: 'chart', pane: 0, pair: 'BTC_USDT', interval: '60', bounds: null }] }))
    await import('./index')
    await until(() => state.windows.length > 1)
    const [main, popout] = state.windows
    expect(popout!.loaded).toBe('app://terminal/index.html?panel=chart&pane=0')
    expect(popout!.options.webPreferences).toEqual(main!.options.webPreferences)
    expect(popout!.options).toMatchObject({ show: false, title: 'Chart — Trading Terminal', width: 900, height: 600 })
    state.appHandlers.get('will-quit')!()
    rmSync(join(dataDir, 'popouts.json'))
  })
})
