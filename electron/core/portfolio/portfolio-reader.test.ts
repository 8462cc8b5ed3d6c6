import { describe, expect, it } from 'vitest'
import { TerminalError } from '../../domain/errors'
import type { Account, Balance, Pair, Ticker } from '../../domain/wire/wire'
import { readPortfolio, type PortfolioSource } from './portfolio-reader'

const account = (id: number, name: string, parent_id: number | null = null): Account => ({ id, name, email: `${name}@example.com`, parent_id })
const balance = (account_id: number, currency: string, amount: string): Balance => ({
  account_id,
  currency,
  balance: amount,
  reserve: '0',
  wallet_type: 'SPOT',
  last_update_at: '2026-11-26T00:00:00Z',
})
const PAIRS = [{ name: 'BTC_USDT', currency1: 'BTC', currency2: 'USDT' }] as Pair[]

function source(name: string, exchange: string, accounts: Account[], balances: Balance[], last = '50000', calls: string[] = []): PortfolioSource {
  return {
    name,
    exchange,
    client: {
      accounts: async () => (calls.push(`${name} accounts`), accounts),
      balances: async () => (calls.push(`${name} balances`), balances),
      pairs: async () => (calls.push(`${name} pairs`), PAIRS),
      ticker: async () => (calls.push(`${name} ticker`), [{ pair: 'BTC_USDT', last, buy: null, sell: null }] as Ticker[]),
    },
  }
}

describe('the portfolio over several connections', () => {
  it('a sub-account seen by the master’s key and by its own profile is counted once; prices read once per exchange', async () => {
    const calls: string[] = []
    const master = source('master', 'https://x.example', [account(1, 'master'), account(2, 'sub', 1)], [balance(1, 'BTC', '1'), balance(2, 'BTC', '0.5')], '50000', calls)
    const sub = source('sub', 'https://x.example', [account(2, 'sub', 1)], [balance(2, 'BTC', '0.5')], '50000', calls)
    const report = await readPortfolio('USDT', [master, sub])
    expect(report.total).toBe('75000') // 1.5 BTC × 50000, not 2 BTC
    expect(report.accounts.map((a) => [a.id, a.value])).toEqual([
      [1, '50000'],
      [2, '25000'],
    ])
    expect(calls.filter((c) => c.endsWith('ticker') || c.endsWith('pairs'))).toEqual(['master pairs', 'master ticker'])
    expect(report.failed).toEqual([])
  })

  it('a connection that cannot be read is named, and its accounts are in no total (never counted as empty)', async () => {
    const ok = source('here', 'https://x.example', [account(1, 'master')], [balance(1, 'BTC', '2')])
    const down = source('there', 'https://y.example', [], [])
    down.client.balances = async () => {
      throw new TerminalError({ kind: 'network', code: 'OFFLINE', message: 'The exchange cannot be reached' })
    }
    const report = await readPortfolio('USDT', [ok, down])
    expect(report.total).toBe('100000')
    expect(report.failed).toEqual([{ name: 'there', exchange: 'https://y.example', message: 'The exchange cannot be reached' }])
  })

  it('two exchanges, each with its own price', async () => {
    const a = source('a', 'https://x.example', [account(1, 'one')], [balance(1, 'BTC', '1')], '50000')
    const b = source('b', 'https://y.example', [account(1, 'two')], [balance(1, 'BTC', '1')], '40000')
    const report = await readPortfolio('USDT', [a, b])
    expect(report.total).toBe('90000')
    expect(report.accounts.map((x) => [x.exchange, x.id, x.value])).toEqual([
      ['https://x.example', 1, '50000'],
      ['https://y.example', 1, '40000'],
    ])
  })
})
