// Authentication of the private group (docs/exchange-api.md, "Authentication and signing"): a JWT from POST /auth,
// `Authorization: Bearer <jwt>` on every private request, and `X-SIGN` over the exact body bytes.
//
// The token is cached and refreshed a little before it expires, by one refresh at a time: concurrent
// callers share the promise of the refresh in flight instead of each asking for a token.
import { createHmac } from 'node:crypto'

export interface Credentials {
  apiKey: string
  apiSecret: string
}

/** Lowercase hex HMAC-SHA256 of the body text (UTF-8 bytes), keyed with the api secret. */
export function signBody(apiSecret: string, body: string): string {
  return createHmac('sha256', apiSecret).update(body, 'utf8').digest('hex')
}

/** The exact text of the POST /auth body. Field order is part of the golden test. */
export function authRequestBody(credentials: Credentials): string {
  return JSON.stringify({ api_key: credentials.apiKey, api_secret: credentials.apiSecret })
}

/** The claims of a JWT the client needs; the signature is the server's business, not checked here. */
export function decodeJwtClaims(token: string): { exp?: number; iat?: number } {
  const payload = token.split('.')[1]
  if (!payload) return {}
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
    if (!claims || typeof claims !== 'object') return {}
    const { exp, iat } = claims as { exp?: unknown; iat?: unknown }
    return {
      ...(typeof exp === 'number' && Number.isFinite(exp) ? { exp } : {}),
      ...(typeof iat === 'number' && Number.isFinite(iat) ? { iat } : {}),
    }
  } catch {
    return {}
  }
}

/** What one POST /auth gave: the token and, when known, the server's clock at the moment of issue. */
export interface IssuedToken {
  token: string
  /** Server time (ms) when the token was issued, from the answer's Date header; undefined if absent. */
  serverNowMs?: number
}

export interface TokenKeeperOptions {
  /** Performs POST /auth. */
  issue: () => Promise<IssuedToken>
  now: () => number
  /** Server clock minus local clock (ms), when the client has measured it; 0 otherwise. */
  skewMs: () => number
  /** Refresh this long before the token expires. */
  refreshMarginMs?: number
}

interface CachedToken {
  token: string
  /** Local time (ms) at which the token must be considered expired; Infinity when it has no `exp`. */
  expiresAtLocal: number
  /** Local time (ms) from which a refresh is due. */
  refreshAtLocal: number
}

export interface TokenKeeper {
  /** A token valid for a while, refreshing it first when due. */
  token(): Promise<string>
  /** Forget `token` after a 401, unless a newer one already replaced it. */
  invalidate(token: string): void
  /** Forget any token (credentials changed). */
  clear(): void
}

export function createTokenKeeper(options: TokenKeeperOptions): TokenKeeper {
  const margin = options.refreshMarginMs ?? 30_000
  let cached: CachedToken | null = null
  let inFlight: Promise<string> | null = null
  // Bumped by clear(): a refresh started before it must not install its (old-credential) token.
  let epoch = 0

  function toCached(issued: IssuedToken, receivedAt: number): CachedToken {
    const { exp, iat } = decodeJwtClaims(issued.token)
    if (exp === undefined) return { token: issued.token, expiresAtLocal: Infinity, refreshAtLocal: Infinity }
    // The token's lifetime is measured on the server's clock, so the local expiry is derived from it
    // rather than by comparing `exp` with a local clock that may be skewed: iat when the token has it,
    // else the Date of the answer, else the skew the client measured (GET /time).
    const serverNowMs = iat !== undefined ? iat * 1000 : (issued.serverNowMs ?? receivedAt + options.skewMs())
    const lifetimeMs = exp * 1000 - serverNowMs
    const expiresAtLocal = receivedAt + lifetimeMs
    // A short-lived token is refreshed halfway through rather than immediately (no refresh loop).
    const refreshAtLocal = expiresAtLocal - Math.min(margin, Math.max(0, lifetimeMs) / 2)
    return { token: issued.token, expiresAtLocal, refreshAtLocal }
  }

  function refresh(): Promise<string> {
    if (inFlight) return inFlight
    const started = epoch
    const attempt = Promise.resolve()
      .then(() => options.issue())
      .then((issued) => {
        const fresh = toCached(issued, options.now())
        if (started === epoch) cached = fresh
        return fresh.token
      })
      .finally(() => {
        if (inFlight === attempt) inFlight = null
      })
    inFlight = attempt
    return attempt
  }

  return {
    async token() {
      const current = cached
      if (current && options.now() < current.refreshAtLocal) return current.token
      try {
        return await refresh()
      } catch (error) {
        // An early refresh that failed (network) does not cost a token that is still valid.
        if (current && cached === current && options.now() < current.expiresAtLocal) return current.token
        throw error
      }
    },
    invalidate(token) {
      if (cached?.token === token) cached = null
    },
    clear() {
      cached = null
      inFlight = null
      epoch++
    },
  }
}
