// `portfolio` in-process against the demo exchange: the shape the CLI promises, the quote flag, and
// every stored profile at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { Decimal } from '../domain/decimal'
import type { PortfolioReport } from '../domain/portfolio/portfolio'
import { EXIT, runCli, type CliIo } from './run'

let demo: DemoExchange
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 9, live: false, historyDays: 1 })
})
afterAll(async () => {
  await demo.close()
})

async function cli(argv: string[], io: Partial<CliIo> = {}) {
  let stdout = ''
  let stderr = ''
  const master = demo.accounts[0]!
  const code = await runCli(argv, {
    env: { TERMINAL_API_KEY: master.apiKey, TERMINAL_API_SECRET: master.apiSecret },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    sleep: async () => {},
    ...io,
  })
  return { code, report: (stdout ? JSON.parse(stdout) : null) as PortfolioReport | null, stderr }
}

/** Stored profiles as the CLI's profile store would resolve them. */
function profiles(list: Record<string, { baseUrl: string; index: number }>): Partial<CliIo> {
  return {
    profileNames: async () => Object.keys(list),
    resolveProfile: async (name) => {
      const p = list[name]!
      const account = demo.accounts[p.index]!
      return { baseUrl: p.baseUrl, credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret } }
    },
  }
}

describe('npm run cli -- portfolio', () => {
  it('prints every account the key sees with exact decimal strings, the totals their sums', async () => {
    const { code, report } = await cli(['portfolio', '--base-url', demo.baseUrl])
    expect(code).toBe(EXIT.ok)
    expect(report!.quote).toBe('USDT')
    expect(report!.accounts.map((a) => a.id)).toEqual(demo.accounts.map((a) => a.id))
    for (const account of report!.accounts) {
      expect(Object.keys(account)).toEqual(expect.arrayContaining(['id', 'name', 'value', 'rows']))
      for (const row of account.rows) {
        expect(Object.keys(row).sort()).toEqual(['available', 'balance', 'currency', 'price', 'reserve', 'route', 'value'])
        for (const field of ['balance', 'reserve', 'available'] as const) expect(row[field]).toMatch(/^-?\d+(\.\d+)?$/)
      }
    }
    const sum = report!.accounts.reduce((s, a) => s.plus(a.value), new Decimal(0))
    expect(report!.total).toBe(sum.toFixed())
    expect(report!.unpriced).toEqual(expect.any(Array))
  })

  it('--quote names the currency, any case; a malformed one is a usage error and nothing is sent', async () => {
    const { report } = await cli(['portfolio', '--base-url', demo.baseUrl, '--quote', 'btc'])
    expect(report!.quote).toBe('BTC')
    expect(report!.accounts[0]!.rows.find((r) => r.currency === 'BTC')).toMatchObject({ price: '1', route: 'BTC' })
    const before = demo.stats().requests
    const bad = await cli(['portfolio', '--base-url', demo.baseUrl, '--quote', 'US$'])
    expect(bad.code).toBe(EXIT.usage)
    expect(bad.stderr).toContain('--quote must be a currency like USDT')
    expect(demo.stats().requests).toBe(before)
  })

  it('--profiles all: a sub-account with its own profile is counted once; an unreachable profile is named, not counted as empty', async () => {
    const both = await cli(['portfolio', '--profiles', 'all'], profiles({ Master: { baseUrl: demo.baseUrl, index: 0 }, 'Sub one': { baseUrl: demo.baseUrl, index: 1 } }))
    expect(both.code).toBe(EXIT.ok)
    expect(both.report!.accounts.map((a) => a.id)).toEqual(demo.accounts.map((a) => a.id))
    const gone = await cli(['portfolio', '--profiles', 'all'], profiles({ 'Sub one': { baseUrl: demo.baseUrl, index: 1 }, Gone: { baseUrl: 'http://127.0.0.1:9/api/v3', index: 0 } }))
    expect(gone.code).toBe(EXIT.ok)
    expect(gone.report!.accounts.map((a) => a.id)).toEqual([demo.accounts[1]!.id])
    expect(gone.report!.failed).toEqual([{ name: 'Gone', exchange: 'http://127.0.0.1:9', message: expect.any(String) }])
  })

  it('--profiles all with --base-url is a usage error', async () => {
    const run = await cli(['portfolio', '--profiles', 'all', '--base-url', demo.baseUrl], profiles({}))
    expect(run.code).toBe(EXIT.usage)
  })
})
