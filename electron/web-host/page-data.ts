// Answers the app's page carries with it: the web host writes them into the page it serves, so that
// the window has them as its script starts, without the round trips of trading its code for a
// session and asking (issue 46: the remembered chart from the disk's cache, painted before the core
// has even loaded). Only into the app page, which is served only to a window with a session or a
// live code (server.ts): what it carries is what that window could ask for anyway. The page reads
// them once (src/api/page-data.ts); nothing in them is secret.

/** The element's id; the renderer reads it by the same name. */
export const PAGE_DATA_ID = 'page-data'

/**
 * The page with `data` in a JSON script element before its </head> (a type the browser never runs, so
 * the page's CSP is untouched); "<" is escaped, so no value can close the element.
 */
export function withPageData(html: Buffer, data: Record<string, unknown>): Buffer {
  const text = html.toString('utf8')
  const at = text.indexOf('</head>')
  if (at < 0) return html
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return Buffer.from(`${text.slice(0, at)}<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>${text.slice(at)}`, 'utf8')
}

/** `promise`'s value, or null once `ms` have passed first: a slow read never holds the page back. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}
