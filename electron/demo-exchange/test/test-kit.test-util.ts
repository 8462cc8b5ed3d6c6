// Raw-HTTP helpers for the demo exchange's own tests. They compute the JWT handling and X-SIGN by hand
// (node:crypto), never through the terminal's client, so the two cannot share a bug.
import { createHmac } from 'node:crypto'
import type { DemoAccountCredentials, DemoExchange, DemoExchangeOptions } from '../server'
import { startDemoExchange } from '../server'

export interface RawResponse {
  status: number
  headers: Headers
  text: string
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown
}

export function hmacHex(secret: string, bytes: string | Buffer): string {
  return createHmac('sha256', secret).update(bytes).digest('hex')
}

/** A controllable clock for tests that need time to pass without waiting. */
export function testClock(startMs = Date.UTC(2025, 0, 15, 12, 0, 30)): { now: () => number; advance: (ms: number) => void } {
  let t = startMs
  return { now: () => t, advance: (ms) => (t += ms) }
}

export async function startTestExchange(options: DemoExchangeOptions = {}): Promise<DemoExchange> {
  return startDemoExchange({ live: false, seed: 42, ...options })
}

export async function raw(exchange: DemoExchange, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  const response = await fetch(`${exchange.baseUrl}${path}`, { method, headers: init.headers, body: init.body })
  const text = await response.text()
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

export async function login(exchange: DemoExchange, account: DemoAccountCredentials): Promise<string> {
  const r = await raw(exchange, 'POST', '/auth', { body: JSON.stringify({ api_key: account.apiKey, api_secret: account.apiSecret }) })
  if (r.status !== 200 || typeof r.json !== 'string') throw new Error(`login failed: ${r.status} ${r.text}`)
  return r.json
}

/** A signed private client for one account. */
export class Session {
  constructor(
    readonly exchange: DemoExchange,
    readonly account: DemoAccountCredentials,
    readonly token: string,
  ) {}

  static async open(exchange: DemoExchange, index = 0): Promise<Session> {
    const account = exchange.accounts[index]!
    return new Session(exchange, account, await login(exchange, account))
  }

  get(path: string): Promise<RawResponse> {
    return raw(this.exchange, 'GET', path, { headers: { authorization: `Bearer ${this.token}` } })
  }

  /** Sends exactly `bodyText`, signed over those bytes. */
  send(method: 'POST' | 'DELETE', path: string, bodyText: string): Promise<RawResponse> {
    return raw(this.exchange, method, path, {
      headers: { authorization: `Bearer ${this.token}`, 'x-sign': hmacHex(this.account.apiSecret, bodyText), 'content-type': 'application/json' },
      body: bodyText,
    })
  }

  order(body: Record<string, unknown>): Promise<RawResponse> {
    return this.send('POST', '/trading/order', JSON.stringify(body))
  }

  cancel(body: Record<string, unknown>): Promise<RawResponse> {
    return this.send('DELETE', '/trading/order', JSON.stringify(body))
  }

  async balance(currency: string, wallet = 'SPOT'): Promise<{ balance: number; reserve: number }> {
    const r = await this.get('/accounts/balances')
    const rows = r.json as { currency: string; wallet_type: string; balance: number; reserve: number }[]
    const row = rows.find((b) => b.currency === currency && b.wallet_type === wallet)
    return row ? { balance: row.balance, reserve: row.reserve } : { balance: 0, reserve: 0 }
  }

  async orders(): Promise<Record<string, unknown>[]> {
    return (await this.get('/accounts/order')).json as Record<string, unknown>[]
  }
}

export async function bookOf(exchange: DemoExchange, pair: string): Promise<{ buy: { amount: number; price: number }[]; sell: { amount: number; price: number }[] }> {
  return (await raw(exchange, 'GET', `/orderbook?pair=${pair}&limit_buy=1000&limit_sell=1000`)).json as never
}
