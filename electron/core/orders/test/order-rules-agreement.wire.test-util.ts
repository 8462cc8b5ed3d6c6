// The exchange side of the order-rules agreement test: a signed client on one keep-alive connection,
// and the market (best bid, best ask, last price) read from the exchange's ticker.
import { Agent, request } from 'node:http'
import { Decimal } from '../../../domain/decimal'
import { type Ticker, tickerSchema } from '../../../domain/wire/wire'
import type { DemoExchange } from '../../../demo-exchange/server'
import { hmacHex, login } from '../../../demo-exchange/test/test-kit.test-util'

export interface Market {
  bid: Decimal | null
  ask: Decimal | null
  last: Decimal
}

/**
 * A signed client for the master account on one keep-alive connection: node:http, because 10,000
 * orders through fetch take about four times as long. JWT and X-SIGN come from the demo exchange's
 * test kit (computed by hand, not by the terminal's client).
 */
export class Wire {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 })
  private readonly url: URL

  private constructor(
    exchange: DemoExchange,
    private readonly token: string,
    private readonly secret: string,
  ) {
    this.url = new URL(exchange.baseUrl)
  }

  static async open(exchange: DemoExchange): Promise<Wire> {
    const account = exchange.accounts[0]!
    return new Wire(exchange, await login(exchange, account), account.apiSecret)
  }

  get(path: string): Promise<{ status: number; text: string; json: unknown }> {
    return this.send('GET', path, null)
  }

  order(body: Record<string, unknown>): Promise<{ status: number; text: string; json: unknown }> {
    return this.send('POST', '/trading/order', JSON.stringify(body))
  }

  cancel(body: Record<string, unknown>): Promise<{ status: number; text: string; json: unknown }> {
    return this.send('DELETE', '/trading/order', JSON.stringify(body))
  }

  close(): void {
    this.agent.destroy()
  }

  private send(method: string, path: string, body: string | null): Promise<{ status: number; text: string; json: unknown }> {
    const headers: Record<string, string | number> = { authorization: `Bearer ${this.token}` }
    if (body !== null) {
      headers['x-sign'] = hmacHex(this.secret, body)
      headers['content-type'] = 'application/json'
      headers['content-length'] = Buffer.byteLength(body)
    }
    return new Promise((resolve, reject) => {
      const req = request({ agent: this.agent, host: this.url.hostname, port: this.url.port, path: `${this.url.pathname}${path}`, method, headers, timeout: 5_000 }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let json: unknown
          try {
            json = text === '' ? undefined : JSON.parse(text)
          } catch {
            json = undefined
          }
          resolve({ status: res.statusCode ?? 0, text, json })
        })
        res.on('error', reject)
      })
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 5 s`)))
      req.on('error', reject)
      req.end(body ?? undefined)
    })
  }
}

export async function fetchMarket(wire: Wire, pair: string): Promise<Market> {
  const ticker: Ticker = tickerSchema.parse((await wire.get(`/ticker?pair=${pair}`)).json)
  return {
    bid: ticker.buy === null ? null : new Decimal(ticker.buy),
    ask: ticker.sell === null ? null : new Decimal(ticker.sell),
    last: new Decimal(ticker.last ?? '1'),
  }
}
