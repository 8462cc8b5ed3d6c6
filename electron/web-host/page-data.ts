// Answers the app's page carries with it: the web host writes them into the page it serves, so that
// the window has them as its script starts, without the round trips of trading its code for a
// session and asking (issue 46: the remembered chart from the disk's cache, painted before the core
// has even loaded). Only into the app page, which is served only to a window with a session or a
// live code (server.ts): what it carries is what that window could ask for anyway. The page reads
// them once (src/api/page-data.ts); nothing in them is secret.

import { WEB_PAGE_DATA_ID } from '../domain/api/api-names'

/**
 * The page with `data` in a JSON script element before its </head> (a type the browser never runs, so
 * the page's CSP is untouched); "<" is escaped, so no value can close the element.
 */
export function withPageData(html: Buffer, data: Record<string, unknown>): Buffer {
  const text = html.toString('utf8')
  const at = text.indexOf('</head>')
  if (at < 0) return html
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return Buffer.from(`${text.slice(0, at)}<script type="application/json" id="${WEB_PAGE_DATA_ID}">${json}</script>${text.slice(at)}`, 'utf8')
}
