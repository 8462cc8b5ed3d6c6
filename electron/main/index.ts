// The Electron composition root: the app's lifecycle and nothing else. Each concern lives in its
// own small module (security, IPC binding, window state, notifications); the terminal itself is the
// plain-Node core, shared with the web host and the CLI.
import { join } from 'node:path'
import { writeFile } from 'node:fs/promises'
import { BrowserWindow, Notification, app, dialog, ipcMain, protocol, screen, session, shell } from 'electron'
import { deferCore, readAhead } from '../host/deferred-core'
import { readCachedStart } from '../core/market/cached-start'
import { readCachedStartQuickly } from '../core/market/start-file'
import { prepareHostTerminal } from '../host/host'
import { alertMessage } from '../domain/alerts/alerts'
import { embeddedDemoExchange } from '../demo-exchange/server'
import { APP_URL, installAppProtocol, registerAppScheme } from './app-protocol'
import { bindTerminalIpc } from './ipc'
import { windowIconPath } from './paths'
import { hardenContents, hardenSession } from './security'
import { createAppWindow } from './app-window'
import { createPopoutWindows } from './popout-windows'
import { loadWindowState, saveWindowState } from './window-state'
import { createSaveText } from './save-file'
import { guardWindowClose } from './quit-guard'

// One instance only: a second launch focuses the first window instead of opening a second terminal
// on the same keychain entries and data files.
// https://www.electronjs.org/docs/latest/api/app#apprequestsingleinstancelockadditionaldata
if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  // Privileges for the app's scheme can only be granted before ready.
  registerAppScheme(protocol)
  void main()
}

async function main(): Promise<void> {
  await app.whenReady()
  hardenSession(session.defaultSession)

  // The built renderer comes over app://terminal/ from inside the asar; electron-vite's dev server in
  // development only (never set in a packaged app).
  const devUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
  const appUrl = devUrl ?? APP_URL
  const removeAppProtocol = installAppProtocol(protocol, join(__dirname, '../renderer'))
  const windows = new Set<BrowserWindow>()
  let quitting = false
  app.on('before-quit', () => (quitting = true))

  const demo = embeddedDemoExchange()
  const host = prepareHostTerminal({
    host: 'electron',
    electronUserData: app.getPath('userData'),
    demo,
    notify: (notice) => {
      if (Notification.isSupported()) new Notification({ title: notice.title, body: notice.body }).show()
    },
    saveText: createSaveText({ dialog, writeFile: (path, text) => writeFile(path, text, 'utf8'), window: () => BrowserWindow.getFocusedWindow() }),
  })
  // The window loads while the core starts; its first calls wait for the start (deferred-core.ts),
  // and a start that fails is what they answer, in the window. The remembered chart's cached market
  // is read from disk at once, before the start (market.cachedStart), and handed to the window's first ask.
  const cachedStart = readAhead(() => readCachedStartQuickly(host.dataDir, () => readCachedStart(host.dataDir)))
  const core = deferCore(host.start(), { early: { 'market.cachedStart': () => cachedStart.answer() } })
  core.ready.then(
    () => cachedStart.outdated(),
    () => undefined,
  )
  core.ready.catch((error: unknown) => host.logger.error('the terminal could not start', { error: String(error) }))

  // Alerts fire in the core, window hidden or not; the desktop notification is how a hidden window's
  // trader hears of them (the window adds its own, with the optional sound).
  const stopAlertNotifications = core.on('alerts.fired', ({ alerts }) => {
    if (!Notification.isSupported()) return
    for (const alert of alerts) new Notification(alertMessage(alert)).show()
  })

  // Every window, the main one and each pop-out, is made by one function (app-window.ts): the same
  // security settings, preload and guards.
  const preload = join(__dirname, '../preload/index.cjs')
  const icon = windowIconPath(app, process.resourcesPath)
  const windowDeps = { BrowserWindow, appUrl, openExternal: (url: string) => void shell.openExternal(url) }
  const displays = () => screen.getAllDisplays().map((d) => d.workArea)
  // The panels in windows of their own (popout-windows.ts): listed by the core, opened here.
  const popouts = createPopoutWindows({
    core,
    appUrl,
    displays,
    quitting: () => quitting,
    open: ({ title, bounds }, url) => {
      const win = createAppWindow(windowDeps, { kind: 'popout', title, bounds, preload, icon })
      void win.loadURL(url)
      return win
    },
    onError: (what, error) => host.logger.warn(`could not ${what}`, { error: String(error) }),
  })
  const allWindows = () => [...windows, ...popouts.windows()]

  const unbind = bindTerminalIpc({
    ipcMain,
    core,
    policy: {
      appUrl,
      isAppMainFrame: (frame) => allWindows().some((w) => !w.isDestroyed() && w.webContents.mainFrame === frame),
    },
    targets: () => allWindows().map((w) => w.webContents),
    onRejectedSender: (method, url) => host.logger.warn('IPC from an untrusted sender refused', { method, url }),
    onInternalError: (error) => host.logger.error('internal error', { code: error.code, message: error.message }),
  })

  function createWindow(): BrowserWindow {
    const state = loadWindowState(host.dataDir, displays())
    const win = createAppWindow(windowDeps, { kind: 'main', title: 'Trading Terminal', bounds: state, preload, icon }, (shown) => {
      if (state.maximized) shown.maximize()
    })
    windows.add(win)
    const saveBounds = () => void saveWindowState(host.dataDir, { ...win.getNormalBounds(), maximized: win.isMaximized() }).catch(() => undefined)
    win.on('close', saveBounds)
    // Closing while the terminal alone keeps a leg of a protected position asks first (quit-guard.ts).
    guardWindowClose(win, {
      core,
      ask: (options) => dialog.showMessageBox(win, options),
      quitting: () => quitting,
      quit: () => app.quit(),
      stayed: () => (quitting = false),
      beforeDestroy: saveBounds,
    })
    win.on('closed', () => {
      windows.delete(win)
      // The pop-outs close with the main window and stay listed: they come back with it.
      popouts.closeAll()
    })
    void win.loadURL(appUrl)
    void popouts.start()
    return win
  }

  app.on('second-instance', () => {
    const [win] = windows
    if (!win) return
    if (win.isMinimized()) win.restore()
    win.focus()
  })
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, appUrl, (url) => void shell.openExternal(url)))
  app.on('activate', () => {
    if (windows.size === 0) createWindow()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('will-quit', () => {
    unbind()
    popouts.stop()
    removeAppProtocol()
    stopAlertNotifications()
    void core.dispose()
    void demo.close()
  })

  createWindow()
}
