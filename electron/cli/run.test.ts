// The CLI in-process against the demo exchange over HTTP: every verb, the exit codes, and the rule
// that secrets never come from arguments.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { EXIT, runCli, type CliIo } from './run'

let demo: DemoExchange
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 5, live: false, historyDays: 1 })
})
afterAll(async () => {
  await demo.close()
})
afterEach(() => {
  demo.setFaults({})
})

interface Run {
  code: number
  stdout: string
  stderr: string
  /** stdout as JSON. */
  json: unknown
  /** The error object of stderr. */
  error: Record<string, unknown>
}

async function cli(argv: string[], io: Partial<CliIo> = {}): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const account = demo.accounts[0]!
  const code = await runCli(argv, {
    env: { TERMINAL_API_KEY: account.apiKey, TERMINAL_API_SECRET: account.apiSecret },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    sleep: async () => {},
    ...io,
  })
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text)
    } catch {
      return undefined
    }
  }
  const err = parse(stderr) as { error?: Record<string, unknown> } | undefined
  return { code, stdout, stderr, json: parse(stdout), error: err?.error ?? {} }
}

const url = () => ['--base-url', demo.baseUrl]

async function restingPrice(): Promise<string> {
  const run = await cli(['ticker', '--pair', 'BTC_USDT', ...url()])
  const [ticker] = run.json as Array<{ buy: string }>
  return (Math.floor(Number(ticker!.buy) * 0.9 * 100) / 100).toFixed(2)
}

describe('every verb against the demo exchange', () => {
  it.each([
    ['currencies', []],
    ['pairs', ['--currency1', 'ETH']],
    ['candles', ['--pair', 'BTC_USDT', '--interval', '15', '--limit', '10']],
    ['trades', ['--pair', 'BTC_USDT', '--limit', '3']],
    ['ticker', []],
    ['orderbook', ['--pair', 'BTC_USDT', '--limit', '2']],
    ['accounts', ['--include-subaccounts']],
    ['balances', []],
    ['fees', []],
    ['orders', []],
  ])('%s prints a JSON array or object and exits 0', async (verb, flags) => {
    const run = await cli([verb, ...flags, ...url()])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(EXIT.ok)
    expect(run.json).toBeTruthy()
  })

  it('the answers carry what the flags asked for', async () => {
    const pairs = (await cli(['pairs', '--currency1', 'ETH', ...url()])).json as Array<{ currency1: string }>
    expect(pairs.length).toBeGreaterThan(0)
    expect(pairs.every((p) => p.currency1 === 'ETH')).toBe(true)
    const candles = (await cli(['candles', '--pair', 'BTC_USDT', '--interval', '15', '--limit', '10', ...url()])).json as unknown[]
    expect(candles.length).toBeLessThanOrEqual(10)
    const since = Math.floor(Date.now() / 1000) - 3600
    const recent = (await cli(['candles', '--pair', 'BTC_USDT', '--interval', '5', '--since', String(since), ...url()])).json as Array<{ time: number }>
    expect(recent.length).toBeGreaterThan(0)
    expect(recent.every((c) => c.time >= since)).toBe(true)
    const book = (await cli(['orderbook', '--pair', 'BTC_USDT', '--limit', '2', ...url()])).json as { buy: unknown[]; sell: unknown[] }
    expect(book.buy.length).toBeLessThanOrEqual(2)
    const accounts = (await cli(['accounts', '--include-subaccounts', ...url()])).json as unknown[]
    expect(accounts).toHaveLength(3)
    expect((await cli(['accounts', ...url()])).json).toHaveLength(1)
    const one = (await cli(['ticker', '--pair', 'btc_usdt', ...url()])).json as Array<{ pair: string }>
    expect(one.map((t) => t.pair)).toEqual(['BTC_USDT'])
  })

  it('place-order places one order; orders shows it; cancel-order --ids cancels it', async () => {
    const before = demo.stats().ordersPlaced
    const price = await restingPrice()
    const placed = await cli(['place-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '0.001', '--limit-price', price, '--client-order-id', 'cli-1', ...url()])
    expect(placed.code).toBe(EXIT.ok)
    expect(placed.json).toMatchObject({ outcome: 'placed', clientOrderId: 'cli-1' })
    expect(demo.stats().ordersPlaced).toBe(before + 1)
    const [id] = (placed.json as { orderIds: number[] }).orderIds

    const orders = (await cli(['orders', ...url()])).json as Array<{ id: number; client_order_id: string; status: string }>
    expect(orders.find((o) => o.id === id)).toMatchObject({ client_order_id: 'cli-1', status: 'OPEN' })

    const cancelled = await cli(['cancel-order', '--ids', `${id}`, ...url()])
    expect(cancelled.code).toBe(EXIT.ok)
    expect(cancelled.json).toMatchObject({ kind: 'by-ids', results: { [String(id)]: expect.any(String) } })
    const after = (await cli(['orders', ...url()])).json as Array<{ id: number; status: string }>
    expect(after.find((o) => o.id === id)?.status).toMatch(/CANCEL/)
  })

  it('cancel-order --all and --pair answer accepted', async () => {
    expect((await cli(['cancel-order', '--all', ...url()])).json).toEqual({ kind: 'accepted' })
    expect((await cli(['cancel-order', '--pair', 'BTC_USDT', ...url()])).json).toEqual({ kind: 'accepted' })
  })

  it('validate-order prints the check: exit 0 for a valid order, nothing placed', async () => {
    const before = demo.stats().ordersPlaced
    const run = await cli(['validate-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '0.001', '--limit-price', await restingPrice(), ...url()])
    expect(run.code).toBe(EXIT.ok)
    expect(run.json).toMatchObject({ errors: [], estimate: { feeCurrency: 'BTC' } })
    expect(demo.stats().ordersPlaced).toBe(before)
  })

  it('validate-order exits 2 and lists the field errors', async () => {
    const run = await cli([
      'validate-order',
      '--pair',
      'BTC_USDT',
      '--type',
      'STOP_LIMIT',
      '--side',
      'SELL',
      '--base-amount',
      '0.001',
      '--limit-price',
      '1',
      '--stop-price',
      '1',
      '--stop-operator',
      'EQ',
      ...url(),
    ])
    expect(run.code).toBe(EXIT.rejectedLocally)
    expect((run.json as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ field: 'stop_operator', code: 'INVALID_STOP_OPERATOR' })])
  })
})

describe('exit codes', () => {
  it('an invalid order exits 2 and no request reaches the server', async () => {
    const before = demo.stats()
    const run = await cli(['place-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '-1', '--limit-price', '100', ...url()])
    expect(run.code).toBe(EXIT.rejectedLocally)
    expect(run.error).toMatchObject({ kind: 'validation', field: 'base_amount' })
    expect(run.stdout).toBe('')
    expect(demo.stats()).toEqual(before)
  })

  it("an order breaking the pair's rules exits 2 after reading pair data only: no order is sent", async () => {
    const before = demo.stats().ordersPlaced
    const run = await cli(['place-order', '--pair', 'BTC_USDT', '--type', 'MARKET', '--side', 'BUY', '--quote-amount', '10.123456', ...url()])
    expect(run.code).toBe(EXIT.rejectedLocally)
    expect(run.error).toMatchObject({ kind: 'validation', field: 'quote_amount' })
    expect(demo.stats().ordersPlaced).toBe(before)
  })

  it('a server rejection exits 3 with the server code and the field', async () => {
    const run = await cli(['place-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '90', '--limit-price', await restingPrice(), ...url()])
    expect(run.code).toBe(EXIT.rejectedByServer)
    expect(run.error).toMatchObject({ kind: 'rejected', status: 400, field: 'base_amount' })
  })

  it('network failures exit 4', async () => {
    const run = await cli(['currencies', '--base-url', 'http://127.0.0.1:1/api/v3'])
    expect(run.code).toBe(EXIT.failed)
    expect(run.error.kind).toBe('network')
  })

  it('a timeout exits 4', async () => {
    demo.setFaults({ latencyMs: 300 })
    const run = await cli(['pairs', '--timeout-ms', '50', ...url()])
    expect(run.code).toBe(EXIT.failed)
    expect(run.error.kind).toBe('timeout')
  })

  it('server errors and rate limits exit 4', async () => {
    demo.setFaults({ serverError: 503 })
    expect((await cli(['currencies', ...url()])).code).toBe(EXIT.failed)
    demo.setFaults({ rateLimit: { retryAfterSec: 300 } })
    const limited = await cli(['currencies', ...url()])
    expect(limited.code).toBe(EXIT.failed)
    expect(limited.error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 300_000 })
  })

  it('an order whose answer was lost but the lookup found exits 0 with the lookup on stdout, placed once', async () => {
    const price = await restingPrice()
    const before = demo.stats().ordersPlaced
    demo.setFaults({ dropOrderResponse: true })
    const run = await cli(['place-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '0.001', '--limit-price', price, '--client-order-id', 'cli-drop', ...url()])
    expect(run.json).toMatchObject({ outcome: 'unknown', lookup: 'placed', clientOrderId: 'cli-drop' })
    expect(run.code).toBe(EXIT.ok)
    expect(demo.stats().ordersPlaced).toBe(before + 1)
  })

  it('an order whose outcome stays unknown exits 5', async () => {
    const price = await restingPrice()
    demo.setFaults({ serverError: 502, onlyPaths: ['/trading/order', '/accounts/order'] })
    const run = await cli(['place-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '0.001', '--limit-price', price, ...url()])
    expect(run.code).toBe(EXIT.outcomeUnknown)
    expect(run.error).toMatchObject({ kind: 'outcome-unknown', lookup: 'still-unknown' })
    expect(run.json).toMatchObject({ outcome: 'unknown', lookup: 'still-unknown' })
  })

  it('a wrong key exits 6, and the secret appears nowhere in the output', async () => {
    const run = await cli(['balances', ...url()], { env: { TERMINAL_API_KEY: 'nobody-key', TERMINAL_API_SECRET: 'my-very-secret-value' } })
    expect(run.code).toBe(EXIT.auth)
    expect(run.error.kind).toBe('auth')
    expect(run.stderr + run.stdout).not.toContain('my-very-secret-value')
  })

  it('a private verb without a key in the environment exits 6; public data needs none', async () => {
    expect((await cli(['balances', ...url()], { env: {} })).code).toBe(EXIT.auth)
    expect((await cli(['currencies', ...url()], { env: {} })).code).toBe(EXIT.ok)
  })

  it('refuses plain http to another computer and user:pass@ in --base-url before sending anything', async () => {
    const sent: string[] = []
    const fetch = (async (target: string | URL | Request) => {
      sent.push(String(target))
      return new Response('[]')
    }) as typeof globalThis.fetch
    const clear = await cli(['balances', '--base-url', 'http://exchange.invalid/api/v3'], { fetch })
    expect(clear.code).toBe(EXIT.rejectedLocally)
    expect(clear.error).toMatchObject({ code: 'INVALID_BASE_URL', field: 'baseUrl' })
    expect((await cli(['currencies', '--base-url', 'http://user:pass@127.0.0.1:1/api/v3'], { fetch, env: {} })).code).toBe(EXIT.rejectedLocally)
    expect((await cli(['currencies', '--base-url', 'http://exchange.invalid/api/v3'], { fetch, env: {} })).code).toBe(EXIT.rejectedLocally)
    expect(sent).toEqual([])
    expect((await cli(['currencies', '--base-url', demo.baseUrl], { env: {} })).code).toBe(EXIT.ok)
  })
})

describe('usage', () => {
  it('refuses the key or secret as arguments, pointing at the environment', async () => {
    for (const flag of ['--api-key', '--api-secret', '--api-secret=abc']) {
      const before = demo.stats().requests
      const run = await cli(['balances', flag, ...(flag.includes('=') ? [] : ['x']), ...url()])
      expect(run.code).toBe(EXIT.usage)
      expect(String(run.error.message)).toContain('TERMINAL_API_SECRET')
      expect(demo.stats().requests).toBe(before)
    }
  })

  it.each([
    [['nonsense']],
    [['candles', '--pair', 'BTC_USDT']],
    [['candles', '--pair', 'BTC_USDT', '--interval', '7']],
    [['trades', '--limit', 'ten', '--pair', 'BTC_USDT']],
    [['balances', '--limit-price', '3']],
    [['cancel-order', '--all', '--ids', '1']],
    [['cancel-order', '--ids', '1,x']],
    [['currencies']],
    [['currencies', '--base-url', 'ftp://x']],
  ])('%j is a usage error (exit 1) and sends nothing', async (argv) => {
    const before = demo.stats().requests
    const run = await cli(argv.includes('--base-url') || argv[0] === 'currencies' ? argv : [...argv, ...url()])
    expect(run.code).toBe(EXIT.usage)
    expect(run.error.kind).toBe('usage')
    expect(demo.stats().requests).toBe(before)
  })

  it('--help prints the usage and exits 0', async () => {
    const run = await cli(['--help'])
    expect(run.code).toBe(EXIT.ok)
    expect(run.stdout).toContain('place-order')
    expect(run.stdout).toContain('TERMINAL_API_KEY')
    const verbHelp = await cli(['candles', '--help'])
    expect(verbHelp.stdout).toContain('--interval')
  })

  it('--profile without a profile store answers a clear error; with one it connects', async () => {
    const missing = await cli(['balances', '--profile', 'demo'])
    expect(missing.code).toBe(EXIT.usage)
    expect(String(missing.error.message)).toContain('--base-url')
    const account = demo.accounts[1]!
    const run = await cli(['accounts', '--profile', 'desk'], {
      env: {},
      resolveProfile: async (name) => {
        expect(name).toBe('desk')
        return { baseUrl: demo.baseUrl, credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret } }
      },
    })
    expect(run.code).toBe(EXIT.ok)
    expect(run.json).toEqual([expect.objectContaining({ id: account.id })])
  })

  it('profiles is passed to the profile command when there is one', async () => {
    expect((await cli(['profiles', 'list'])).code).toBe(EXIT.usage)
    const run = await cli(['profiles', 'list', '--json'], { profilesCommand: async (args) => ({ args }) })
    expect(run.json).toEqual({ args: ['list', '--json'] })
  })
})
