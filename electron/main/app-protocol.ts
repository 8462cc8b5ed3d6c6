// The renderer is served to the window over the app's own privileged scheme, `app://terminal/`, from
// the files inside the asar, never over the `file:` scheme. Electron's checklist item 18 ("use a custom
// protocol instead of the file protocol"): with the `grantFileProtocolExtraPrivileges` fuse off, `file:`
// pages are as limited as in Chromium (the built index's `<script type="module" crossorigin>` would be
// refused), and any `file:` page could read every other local file. A standard, secure scheme gives the renderer a
// real origin that the CSP, the navigation guard and the IPC sender check all name.
// https://www.electronjs.org/docs/latest/tutorial/security#18-avoid-usage-of-the-file-protocol-and-prefer-usage-of-custom-protocols
// https://www.electronjs.org/docs/latest/api/protocol#protocolhandlescheme-handler
import type { Protocol } from 'electron'
import { CONTENT_SECURITY_POLICY } from '../domain/csp'
import { readStaticFile } from '../host/static-files'

export const APP_SCHEME = 'app'
export const APP_HOST = 'terminal'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_URL = `${APP_ORIGIN}/index.html`

/** Must run before the app is ready: privileges cannot be granted later. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    // standard: relative URLs and a real origin; secure: a secure context like https; supportFetchAPI:
    // module scripts load through fetch. Not corsEnabled: no other origin may read these files.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ])
}

function textResponse(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } })
}

/**
 * The request handler: a plain function of the renderer folder, tested on the real built files.
 * Only GET/HEAD to `app://terminal/…`; everything else is refused.
 */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return textResponse(400, 'Bad URL')
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return textResponse(404, 'Not found')
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Method not allowed')
    const file = await readStaticFile(rendererDir, url.pathname)
    if (file.status !== 200) return textResponse(404, 'Not found')
    const headers = {
      'content-type': file.contentType,
      'cache-control': file.cacheControl,
      'x-content-type-options': 'nosniff',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'referrer-policy': 'no-referrer',
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), { status: 200, headers })
  }
}

/** After ready: answer the scheme from the renderer folder. Returns a function that removes it. */
export function installAppProtocol(protocol: Pick<Protocol, 'handle' | 'unhandle'>, rendererDir: string): () => void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir))
  return () => protocol.unhandle(APP_SCHEME)
}
