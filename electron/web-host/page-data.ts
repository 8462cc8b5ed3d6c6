// Answers the app's page carries with it: the web host writes them into the page it serves, so that
// the window has them as its script starts, without the round trips of trading its code for a
// session and asking (issue 46: the remembered chart from the disk's cache, painted before the core
// has even loaded). Only into the app page, which is served only to a window with a session or a
// live code (server.ts): what it carries is what that window could ask for anyway. The page reads
// them once (src/api/page-data.ts); nothing in them is secret.

import { WEB_PAGE_DATA_ID } from '../domain/api/api-names'

/**
 * `data` as a JSON script element (a type the browser never runs, so the page's CSP is untouched);
 * "<" is escaped, so no value can close the element.
 */
export function pageDataElement(data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${WEB_PAGE_DATA_ID}">${json}</script>`
}

/**
 * The page cut where its data goes, before its </head>: the host sends the head at once and the rest
 * once the data is read, so that the browser fetches the page's scripts, styles and fonts (from its
 * cache on a start again) while the host reads (issue 46). Its module scripts run only once the whole
 * page is in, so they find the data all the same. Null: a page with no </head>, sent as it is.
 */
export function splitForPageData(html: Buffer): { head: Buffer; rest: Buffer } | null {
  const at = html.indexOf('</head>')
  return at < 0 ? null : { head: html.subarray(0, at), rest: html.subarray(at) }
}
