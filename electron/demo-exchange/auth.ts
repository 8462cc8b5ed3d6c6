// Authentication as the real exchange does it (docs/exchange-api.md, "Authentication and signing"): POST /auth trades an api key and secret
// for a JWT (HS256, with exp); private requests carry it as a Bearer token; POST/DELETE also carry
// X-SIGN, the hex HMAC-SHA256 of the exact body bytes keyed with the api secret.
import { createHmac, timingSafeEqual } from 'node:crypto'

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url')
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))

export function signJwt(payload: Record<string, unknown>, key: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(payload))}`
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`
}

export type TokenCheck = { ok: true; accountId: number; exp: number } | { ok: false; code: 'INVALID_TOKEN' | 'TOKEN_EXPIRED'; message: string }

/** Verifies signature and expiry; `nowSec` is the server's (possibly skewed) clock. */
export function verifyJwt(token: string, key: string, nowSec: number): TokenCheck {
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, code: 'INVALID_TOKEN', message: 'The token is not a JWT.' }
  const [header, payload, signature] = parts as [string, string, string]
  if (header !== HEADER) return { ok: false, code: 'INVALID_TOKEN', message: 'The token is not an HS256 JWT.' }
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, code: 'INVALID_TOKEN', message: 'The token signature does not match.' }
  }
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, code: 'INVALID_TOKEN', message: 'The token payload is not JSON.' }
  }
  const c = claims as { sub?: unknown; exp?: unknown }
  if (typeof c.sub !== 'number' || typeof c.exp !== 'number') {
    return { ok: false, code: 'INVALID_TOKEN', message: 'The token lacks sub or exp.' }
  }
  if (nowSec >= c.exp) return { ok: false, code: 'TOKEN_EXPIRED', message: 'The token has expired; authenticate again.' }
  return { ok: true, accountId: c.sub, exp: c.exp }
}

/** Lowercase hex HMAC-SHA256 of the body bytes. */
export function bodySignature(secret: string, body: Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}

export function signatureMatches(secret: string, body: Buffer, given: string): boolean {
  const expected = Buffer.from(bodySignature(secret, body), 'utf8')
  const actual = Buffer.from(given.trim().toLowerCase(), 'utf8')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
