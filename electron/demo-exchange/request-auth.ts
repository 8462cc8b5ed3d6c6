// Who is calling, both halves of it: POST /auth trades an API key and secret for a token, and every
// private request's Bearer token (and, on POST and DELETE, its X-SIGN) is checked against the same
// key and clock before its handler runs. The cryptography itself is in auth.ts; this file holds the
// exchange's rules around it (which account, which 401 code), so both halves read together.
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { signJwt, signatureMatches, verifyJwt } from './auth'
import { type ExchangeState, type Reply, error, ok } from './route-kit'

function secretMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

/** POST /auth: a JWT for the account whose key and secret the body gives. */
export function signIn(state: ExchangeState, body: unknown): Reply {
  const b = body as Record<string, unknown>
  if (typeof b.api_key !== 'string' || b.api_key === '') return error(400, 'MISSING_FIELD', 'api_key is required.')
  if (typeof b.api_secret !== 'string' || b.api_secret === '') return error(400, 'MISSING_FIELD', 'api_secret is required.')
  const account = state.accounts.find((a) => a.apiKey === b.api_key)
  if (!account || !secretMatches(account.apiSecret, b.api_secret)) {
    return error(401, 'INVALID_CREDENTIALS', 'The API key or secret is wrong.')
  }
  const iat = Math.floor(state.serverSec())
  const token = signJwt({ sub: account.id, iat, exp: iat + state.tokenLifetimeSec }, state.jwtKey)
  return ok(JSON.stringify(token))
}

/**
 * Bearer token and, for POST/DELETE (a body), X-SIGN; returns the account id or a 401 reply.
 * `expiredToken` is the fault that answers every token as expired.
 */
export function authenticate(state: ExchangeState, req: IncomingMessage, body: Buffer | null, expiredToken: boolean): number | Reply {
  const header = req.headers.authorization
  if (!header || !header.startsWith('Bearer ') || header.length <= 7) {
    return error(401, 'UNAUTHORIZED', 'This endpoint needs Authorization: Bearer <token> (POST /auth gives one).')
  }
  const check = verifyJwt(header.slice(7).trim(), state.jwtKey, state.serverSec())
  if (!check.ok) return error(401, check.code, check.message)
  if (expiredToken) return error(401, 'TOKEN_EXPIRED', 'The token has expired; authenticate again.')
  const account = state.accountsById.get(check.accountId)
  if (!account) return error(401, 'INVALID_TOKEN', 'The token names an unknown account.')
  if (body !== null) {
    const sign = req.headers['x-sign']
    if (typeof sign !== 'string' || sign === '') return error(401, 'INVALID_SIGNATURE', 'X-SIGN is required on POST and DELETE.')
    if (!signatureMatches(account.apiSecret, body, sign)) {
      return error(401, 'INVALID_SIGNATURE', 'X-SIGN does not match the HMAC-SHA256 of the body bytes.')
    }
  }
  return account.id
}
