// Every IPC message is checked for its sender before its payload is even looked at: it must come
// from the main frame of one of the app's own windows, showing the app's own page. An iframe, a page
// that navigated elsewhere, about:blank or another origin gets nothing.
// https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages
export interface SenderFrameLike {
  url: string
  parent: unknown | null
}

export interface SenderPolicy {
  /** The renderer's own location: a file:// path prefix (packaged) or a dev-server origin. */
  appUrl: string
  /** Whether the frame is the main frame of a window this app created. */
  isAppMainFrame: (frame: SenderFrameLike) => boolean
}

export function isTrustedSender(frame: SenderFrameLike | null | undefined, policy: SenderPolicy): boolean {
  if (!frame || frame.parent !== null) return false
  if (!policy.isAppMainFrame(frame)) return false
  return isAppUrl(frame.url, policy.appUrl)
}

/** True when `url` is the app's page (same file, or same http origin in development). */
export function isAppUrl(url: string, appUrl: string): boolean {
  let target: URL
  let app: URL
  try {
    target = new URL(url)
    app = new URL(appUrl)
  } catch {
    return false
  }
  if (app.protocol === 'file:') return target.protocol === 'file:' && target.pathname === app.pathname
  return target.origin === app.origin && (target.protocol === 'http:' || target.protocol === 'https:')
}
