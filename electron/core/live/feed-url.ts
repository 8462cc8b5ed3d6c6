// Where a profile's live feed is when the profile names none: docs/exchange-api.md says the exchange serves
// its REST API at https://host/api/v3 and its feed at wss://host/alp-ws, so the feed sits beside the
// API on the same origin (and under the same path prefix, for a server behind a proxy).

const API_SUFFIX = /\/api\/v3\/?$/

export class FeedUrlError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FeedUrlError'
  }
}

/** `http(s)://host[:port][/prefix]/api/v3` → `ws(s)://host[:port][/prefix]/alp-ws`; throws FeedUrlError otherwise. */
export function defaultFeedUrl(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new FeedUrlError(`Cannot derive a feed URL: ${JSON.stringify(baseUrl)} is not a URL.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedUrlError(`Cannot derive a feed URL from a ${url.protocol} base URL: it must be http:// or https://.`)
  }
  if (url.username !== '' || url.password !== '') {
    // credentials in a URL end up in logs and error messages; the feed authenticates with a token
    throw new FeedUrlError('Cannot derive a feed URL from a base URL with a user name or password in it.')
  }
  if (!API_SUFFIX.test(url.pathname)) {
    throw new FeedUrlError(`Cannot derive a feed URL: the base URL's path ${JSON.stringify(url.pathname)} does not end in /api/v3; give the feed URL itself.`)
  }
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${scheme}//${url.host}${url.pathname.replace(API_SUFFIX, '/alp-ws')}`
}
