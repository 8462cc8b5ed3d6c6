// The Electron security checklist, applied in one place to every window and session:
// https://www.electronjs.org/docs/latest/tutorial/security
//  - sandboxed, context-isolated renderers without Node integration (#2, #3, #4)
//  - a strict Content-Security-Policy header (#7): no remote scripts, no eval
//  - every permission request denied (#5): a trading terminal needs none
//  - navigation away from the app blocked (#13) and new windows denied (#14); https links open in the
//    user's browser after the URL is checked (#15)
import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron'
import { CONTENT_SECURITY_POLICY } from '../domain/csp'
import { isAppUrl } from './sender'

export { CONTENT_SECURITY_POLICY }

export function secureWebPreferences(preload: string): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
  }
}

/** Only plain https links to real hosts leave the app, and only to the user's browser. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' && parsed.hostname.length > 0 && !parsed.username && !parsed.password
  } catch {
    return false
  }
}

export function hardenSession(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest'>): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
        'X-Content-Type-Options': ['nosniff'],
      },
    })
  })
}

export function hardenContents(contents: Pick<WebContents, 'setWindowOpenHandler' | 'on'>, appUrl: string, openExternal: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) openExternal(url)
    return { action: 'deny' }
  })
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault()
  }
  contents.on('will-navigate', guard)
  contents.on('will-redirect', guard)
  contents.on('will-attach-webview', (event) => event.preventDefault())
}
