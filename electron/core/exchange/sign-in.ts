// The client's sign-in: the session token from POST /auth (sent through the client's own HTTP layer,
// so it has the same timeout and error mapping as any request) and the headers that make a request
// private. It also remembers the secret and the last token it saw, so that request.ts can strike them
// from any error message. The token's caching and refresh rules are auth.ts.
import { z } from 'zod'
import { TerminalError } from '../../domain/errors'
import { authRequestBody, createTokenKeeper, signBody, type Credentials } from './auth'
import { schemaReader, type HttpExchange } from './exchange-http'

const authAnswerSchema = z.union([
  z.string().min(1),
  z.looseObject({ token: z.string().min(1) }).transform((answer) => answer.token),
  z.looseObject({ access_token: z.string().min(1) }).transform((answer) => answer.access_token),
])

export interface SignInOptions {
  http: HttpExchange
  /** Read lazily (from the vault); absent for a connection without a key. */
  credentials: (() => Promise<Credentials>) | undefined
  now: () => number
  /** Server clock minus local clock, for the token's expiry. */
  skewMs: () => number
}

export interface SignIn {
  /** Authorization, and X-SIGN over the exact body bytes when there is a body. */
  privateHeaders(bodyText: string | undefined): Promise<{ headers: Record<string, string>; token: string }>
  /** The server refused this token: the next request signs in again. */
  invalidate(token: string): void
  /** Forget the cached token (credentials changed). */
  clear(): void
  /** The token for the live feed; `refused`: the feed refused the last one, so sign in again. */
  feedToken(refused: boolean): Promise<string>
  /** Secrets this client has seen (the api secret, the last token), so that no message can carry them out. */
  secrets(): readonly (string | undefined)[]
}

export function createSignIn(options: SignInOptions): SignIn {
  const { http, now } = options
  let knownSecret: string | undefined
  let lastToken: string | undefined

  async function credentials(): Promise<Credentials> {
    if (!options.credentials) {
      throw new TerminalError({ kind: 'auth', code: 'NO_CREDENTIALS', message: 'This connection has no API key: account and trading requests need a profile with a key.' })
    }
    const creds = await options.credentials()
    knownSecret = creds.apiSecret
    return creds
  }

  const tokens = createTokenKeeper({
    now,
    skewMs: options.skewMs,
    issue: async () => {
      const creds = await credentials()
      const endpoint = 'POST /auth'
      const sent = await http.transmit('POST', http.urlOf('/auth'), endpoint, { 'content-type': 'application/json', accept: 'application/json' }, authRequestBody(creds), undefined)
      if (!sent.ok) throw sent.error
      const { answer } = sent
      if (answer.status < 200 || answer.status >= 300) {
        const mapped = http.failureOf(endpoint, answer)
        // The auth endpoint refusing the key is an authentication failure, whatever 4xx it used.
        if (mapped.kind === 'rejected' || mapped.kind === 'auth') {
          throw new TerminalError({
            kind: 'auth',
            code: mapped.code === `HTTP_${answer.status}` ? 'AUTH_FAILED' : mapped.code,
            status: answer.status,
            message: `The exchange refused the API key and secret: ${mapped.message}`,
          })
        }
        throw mapped
      }
      const token = http.readSuccess(schemaReader(authAnswerSchema), endpoint, answer)
      lastToken = token
      const date = Date.parse(answer.headers.get('date') ?? '')
      return Number.isNaN(date) ? { token } : { token, serverNowMs: date }
    },
  })

  return {
    async privateHeaders(bodyText) {
      const token = await tokens.token()
      const headers: Record<string, string> = { authorization: `Bearer ${token}` }
      if (bodyText !== undefined) headers['x-sign'] = signBody((await credentials()).apiSecret, bodyText)
      return { headers, token }
    },
    invalidate: (token) => tokens.invalidate(token),
    clear: () => tokens.clear(),
    async feedToken(refused) {
      if (refused && lastToken) tokens.invalidate(lastToken)
      return tokens.token()
    },
    secrets: () => [knownSecret, lastToken],
  }
}
