// `limits set|show` and place-order held by them, in-process against the demo exchange: a refusal
// exits 2 with RISK_LIMIT and sends no order (the demo counts order POSTs); a damaged limits file
// refuses entries; the limits of one exchange never bind another.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { EXIT, runCli } from './run'

let demo: DemoExchange
let dir: string
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 9, live: false, historyDays: 1 })
})
afterAll(async () => {
  await demo.close()
})
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-limits-'))
  return () => rmSync(dir, { recursive: true, force: true })
})

async function cli(argv: string[]) {
  let stdout = ''
  let stderr = ''
  const account = demo.accounts[0]!
  const code = await runCli(argv, {
    env: { TERMINAL_API_KEY: account.apiKey, TERMINAL_API_SECRET: account.apiSecret, TERMINAL_DATA_DIR: dir },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    sleep: async () => {},
  })
  const json = (t: string) => (t ? (JSON.parse(t) as Record<string, unknown>) : {})
  return { code, out: json(stdout), error: (json(stderr).error ?? {}) as Record<string, unknown> }
}

const url = () => ['--base-url', demo.baseUrl]
const master = () => String(demo.accounts[0]!.id)

/** A resting buy at 90 % of the bid, worth amount × price; `over(cents)` the same a few cents higher. */
async function restingBuy(amount: string): Promise<{ argv: string[]; value: string; over: (cents: number) => string[] }> {
  const [ticker] = (await cli(['ticker', '--pair', 'BTC_USDT', ...url()])).out as unknown as Array<{ buy: string }>
  const cents = Math.floor(Number(ticker!.buy) * 0.9 * 100)
  const argv = (c: number) => ['place-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', amount, '--limit-price', (c / 100).toFixed(2), ...url()]
  return { argv: argv(cents), value: new Decimal(amount).times((cents / 100).toFixed(2)).toFixed(), over: (more) => argv(cents + more) }
}

describe('npm run cli -- limits', () => {
  it('set and show one account’s limits, per exchange', async () => {
    const set = await cli(['limits', 'set', '--account', master(), '--max-order-value', '1000', '--max-open-orders', '5', '--daily-loss', 'none', ...url()])
    expect(set.code).toBe(EXIT.ok)
    const limits = { currency: 'USDT', maxOrderValue: '1000', maxOpenValue: null, maxOpenOrders: 5, dailyLoss: null }
    expect(set.out).toEqual({ exchange: new URL(demo.baseUrl).origin, accountId: demo.accounts[0]!.id, limits })
    expect((await cli(['limits', 'show', '--account', master(), ...url()])).out).toMatchObject({ limits })
    expect((await cli(['limits', 'show', ...url()])).out).toMatchObject({ accounts: { [master()]: limits } })
    // Another exchange (another origin) has none.
    expect((await cli(['limits', 'show', '--account', master(), '--base-url', 'http://127.0.0.1:1/api/v3'])).out).toMatchObject({ limits: null })
  })

  it('bad values are refused (exit 2) and nothing is saved; a missing account or exchange is a usage error', async () => {
    const bad = await cli(['limits', 'set', '--account', master(), '--max-order-value', '-5', ...url()])
    expect(bad.code).toBe(EXIT.rejectedLocally)
    expect(bad.error).toMatchObject({ code: 'INVALID_LIMITS', message: expect.stringContaining('--max-order-value') })
    expect((await cli(['limits', 'show', ...url()])).out).toMatchObject({ accounts: {} })
    expect((await cli(['limits', 'set', '--max-order-value', '5', ...url()])).code).toBe(EXIT.usage)
    expect((await cli(['limits', 'set', '--account', master()])).code).toBe(EXIT.usage)
    expect((await cli(['limits', 'drop'])).code).toBe(EXIT.usage)
  })
})

describe('place-order held by the limits', () => {
  it('at the limit it is placed; one step over, exit 2, RISK_LIMIT on the amount, nothing sent', async () => {
    const order = await restingBuy('0.001')
    await cli(['limits', 'set', '--account', master(), '--max-order-value', order.value, ...url()])
    const before = demo.stats().orderRequests
    const placed = await cli(order.argv)
    expect(placed.code, JSON.stringify(placed.error)).toBe(EXIT.ok)
    expect(demo.stats().orderRequests).toBe(before + 1)

    // One cent more on the price: 0.00001 USDT over the limit.
    const refused = await cli(order.over(1))
    expect(refused.code).toBe(EXIT.rejectedLocally)
    expect(refused.error).toMatchObject({ kind: 'validation', code: 'RISK_LIMIT', field: 'base_amount' })
    expect(refused.error.message).toContain(`over this account's limit of`)
    expect(demo.stats().orderRequests).toBe(before + 1)
  })

  it('a damaged limits file refuses entries, saying why, and sends nothing', async () => {
    writeFileSync(join(dir, 'risk-limits.json'), '{ damaged')
    const before = demo.stats().orderRequests
    const refused = await cli((await restingBuy('0.001')).argv)
    expect(refused.code).toBe(EXIT.rejectedLocally)
    expect(refused.error).toMatchObject({ code: 'RISK_LIMIT', message: expect.stringContaining('risk limits are unknown') })
    expect(demo.stats().orderRequests).toBe(before)
    expect((await cli(['limits', 'show', ...url()])).error).toMatchObject({ code: 'LIMITS_UNKNOWN' })
  })
})
