// Answers the page came with (the web host writes them into the app page: electron/web-host/page-data.ts):
// read once, as the page's script starts, and handed to the first calls in place of asking. A page
// without them (the Electron window, a page served after the core was up) has none; a malformed one
// counts as none, and the call goes to the core as usual.
import type { MethodName } from '@domain/api/api'
import { WEB_PAGE_DATA_ID } from '@domain/api/api-names'

/** The answers the page carries, by method name; each is taken once. */
export function takePageData(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Partial<Record<MethodName, unknown>> {
  const element = doc?.getElementById(WEB_PAGE_DATA_ID)
  if (!element) return {}
  element.remove()
  try {
    const data = JSON.parse(element.textContent ?? '') as unknown
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Partial<Record<MethodName, unknown>>) : {}
  } catch {
    return {}
  }
}
