// Who may use the web host. The printed URL carries a one-time code, never the session itself:
// a URL ends up in the address bar, on Chromium's command line (readable by every local user through
// /proc/<pid>/cmdline) and in the browser profile's History. A code that works once, for a minute,
// is worthless in all of those places as soon as the window has traded it. The session it buys lives
// in an HttpOnly cookie, which page scripts, web storage and the browser's History never see, and
// which the browser does not write to disk (no Expires: it ends with the browser).
//
// Every code is minted for one scope (popout-route.ts): 'app', the main window, or one pop-out's
// route. A pop-out's code opens that route only: the page is served for it only at that route, and
// the page must name the same scope when it trades the code; a code tried for another scope is spent.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { LinkScope } from '../domain/popouts/popout-route'

/** How long a printed code stays good: enough for a browser to start, short for anyone else. */
export const CODE_TTL_MS = 60_000
/** Windows opened against one web host; the oldest session goes first beyond this. */
export const MAX_SESSIONS = 32
const VALUE_BYTES = 32

export interface Access {
  /** A new one-time code for `scope` (default: the main window), good once within the code lifetime. */
  issueCode(scope?: LinkScope): string
  /** True while `code` is issued for `scope`, unused and unexpired. Does not use it up (the page still must). */
  isCodeLive(code: string | null | undefined, scope?: LinkScope): boolean
  /**
   * Uses up `code` and returns a new session value; null for a used, expired or unknown code, and for
   * a code of another scope (which is used up all the same: a code is tried once).
   */
  redeem(code: string | null | undefined, scope?: LinkScope): string | null
  /** True when `value` is a session this host handed out. */
  hasSession(value: string | null | undefined): boolean
}

function randomValue(): string {
  return randomBytes(VALUE_BYTES).toString('base64url')
}

/**
 * The entry of `values` equal to `given`, compared in constant time against every entry, so the
 * answer's timing says nothing about how much of a guess was right.
 */
function findEqual(values: Iterable<string>, given: string | null | undefined): string | null {
  if (typeof given !== 'string') return null
  const a = Buffer.from(given)
  let found: string | null = null
  for (const value of values) {
    const b = Buffer.from(value)
    if (a.length === b.length && timingSafeEqual(a, b)) found = value
  }
  return found
}

export function createAccess(options: { now?: () => number; codeTtlMs?: number } = {}): Access {
  const now = options.now ?? Date.now
  const ttl = options.codeTtlMs ?? CODE_TTL_MS
  const codes = new Map<string, { expires: number; scope: LinkScope }>()
  const sessions = new Set<string>() // insertion order: oldest first

  function dropExpired(): void {
    const t = now()
    for (const [code, { expires }] of codes) if (expires <= t) codes.delete(code)
  }

  return {
    issueCode(scope = 'app') {
      dropExpired()
      const code = randomValue()
      codes.set(code, { expires: now() + ttl, scope })
      return code
    },
    isCodeLive(code, scope = 'app') {
      dropExpired()
      const found = findEqual(codes.keys(), code)
      return found !== null && codes.get(found)?.scope === scope
    },
    redeem(code, scope = 'app') {
      dropExpired()
      const found = findEqual(codes.keys(), code)
      if (found === null) return null
      const issued = codes.get(found)
      codes.delete(found)
      if (issued?.scope !== scope) return null
      const session = randomValue()
      sessions.add(session)
      if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.values().next().value as string)
      return session
    },
    hasSession(value) {
      return findEqual(sessions, value) !== null
    },
  }
}

/** The cookie's name carries the port: cookies are per host, not per port, and two web hosts must not overwrite each other's. */
export function sessionCookieName(port: number): string {
  return `terminal-session-${port}`
}

/** The Set-Cookie value: HttpOnly (no script reads it), SameSite=Strict (no other site sends it), no Expires (never on disk). */
export function sessionCookie(port: number, value: string): string {
  return `${sessionCookieName(port)}=${value}; HttpOnly; SameSite=Strict; Path=/`
}

/** Every value of the named cookie in a Cookie header (a browser may send more than one). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return []
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1))
}
