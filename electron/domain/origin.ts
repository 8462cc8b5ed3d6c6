// Where an API key may be sent. A stored key and secret belong to one exchange origin (scheme, host,
// port): the renderer must not be able to redirect them by editing a profile's URL. Plain http only
// reaches this computer, so a secret never crosses a network unencrypted. Pure code on the WHATWG URL
// parser (the same in Node, Electron and the browser), which already lower-cases hosts, drops default
// ports and turns Unicode host names into punycode — the three things a hand-made compare gets wrong.

/** `https://exchange.example:8443`: the origin of an http(s) URL, or null when it is not one. */
export function originOf(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
  return parsed.origin
}

/**
 * The exchange a base URL names: its origin, since account ids, order ids and risk limits are only
 * unique within one exchange. The text itself when it is not an http(s) URL (the caller's check then
 * says what is wrong with it).
 */
export function exchangeOf(baseUrl: string): string {
  return originOf(baseUrl) ?? baseUrl
}

/** True when both URLs reach the same origin; paths, trailing slashes, queries do not matter. */
export function sameOrigin(a: string, b: string): boolean {
  const left = originOf(a)
  return left !== null && left === originOf(b)
}

/** 127.0.0.0/8, ::1 and localhost: addresses that never leave this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

export const BASE_URL_MESSAGES = {
  scheme: 'Use an https:// address (http:// only for this computer).',
  userinfo: 'Leave the user name and password out of the address: the API key and secret are the only credentials, and an address is shown and logged in many places.',
  plainHttp: 'Use https://: plain http:// would send the API key and signatures unencrypted, so it is allowed only for this computer (localhost, 127.x.x.x, [::1]).',
} as const

/** Why a base URL may not hold an API key, in words for the form; null when it may. */
export function baseUrlProblem(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null // the URL format itself is the schema's .url() check, with its own message
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return BASE_URL_MESSAGES.scheme
  if (parsed.username !== '' || parsed.password !== '') return BASE_URL_MESSAGES.userinfo
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) return BASE_URL_MESSAGES.plainHttp
  return null
}

export const FEED_URL_MESSAGES = {
  scheme: 'Use a wss:// address (ws:// only for this computer), or leave it empty for the one beside the base URL.',
  userinfo: 'Leave the user name and password out of the feed address: the feed signs in with the session token.',
  plainWs: 'Use wss://: plain ws:// would send the session token unencrypted, so it is allowed only for this computer (localhost, 127.x.x.x, [::1]).',
  otherHost: 'The feed must be on the same host as the base URL: it is sent the same session token as the API.',
} as const

/**
 * Why a live-feed URL may not be used, in words for the form; null when it may. The feed is sent the
 * API's session token, so it follows the base URL's rules (encrypted, or this computer only) and must
 * be on the base URL's own host. `baseUrl` null: the host is not checked (a form field on its own).
 */
export function feedUrlProblem(url: string, baseUrl: string | null): string | null {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return 'Enter a URL like wss://exchange.example/alp-ws, or leave it empty.'
  }
  if (parsed.protocol !== 'wss:' && parsed.protocol !== 'ws:') return FEED_URL_MESSAGES.scheme
  if (parsed.username !== '' || parsed.password !== '') return FEED_URL_MESSAGES.userinfo
  if (parsed.protocol === 'ws:' && !isLoopbackHost(parsed.hostname)) return FEED_URL_MESSAGES.plainWs
  if (baseUrl !== null) {
    let base: URL
    try {
      base = new URL(baseUrl.trim())
    } catch {
      return null // the base URL has its own check and message
    }
    if (base.hostname !== parsed.hostname) return FEED_URL_MESSAGES.otherHost
  }
  return null
}

/** A base URL as profiles store it and clients use it: no surrounding blanks, no trailing slash. */
export function trimBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '')
}

export const ORIGIN_CHANGE_MESSAGE = 'This address is another exchange (another scheme, host or port) than the stored key and secret belong to. Enter the API key and secret again to use it.'
