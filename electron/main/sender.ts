// Every IPC message is checked for its sender before its payload is even looked at: it must come
// from the main frame of one of the app's own windows, showing the app's own page. An iframe, a page
// that navigated elsewhere, about:blank or another origin gets nothing.
// https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages
export interface SenderFrameLike {
  url: string
  parent: unknown | null
}

export interface SenderPolicy {
  /** The renderer's own location: the app's own scheme (`app://terminal/index.html`) or, in development, the dev server. */
  appUrl: string
  /** Whether the frame is the main frame of a window this app created. */
  isAppMainFrame: (frame: SenderFrameLike) => boolean
}

export function isTrustedSender(frame: SenderFrameLike | null | undefined, policy: SenderPolicy): boolean {
  if (!frame || frame.parent !== null) return false
  if (!policy.isAppMainFrame(frame)) return false
  return isAppUrl(frame.url, policy.appUrl)
}

/**
 * True when `url` is the app's page: on the app's own scheme and host (packaged), or the dev server's
 * http origin (development). Anything else (file:, another host of the scheme, about:blank) is not.
 * WHATWG URL gives a custom scheme the origin "null", so scheme and host are compared themselves.
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  let target: URL
  let app: URL
  try {
    target = new URL(url)
    app = new URL(appUrl)
  } catch {
    return false
  }
  if (app.protocol !== 'http:' && app.protocol !== 'https:') return target.protocol === app.protocol && target.host === app.host && app.host !== ''
  return target.origin === app.origin && (target.protocol === 'http:' || target.protocol === 'https:')
}
