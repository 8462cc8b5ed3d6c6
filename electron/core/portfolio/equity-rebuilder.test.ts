import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AccountRef } from '../../domain/portfolio/all-accounts'
import { HOUR_MS } from '../../domain/portfolio/equity-series'
import { TerminalError } from '../../domain/errors'
import type { Balance, Candle, Pair, WalletMotion } from '../../domain/wire/wire'
import { createEquityHistory } from './equity-history'
import { rebuildFromActivity, type RebuildClient } from './equity-rebuilder'
import { createEquityStore } from './equity-store'

const T0 = Date.UTC(2026, 10, 20, 10)
const at = (hours: number, minutes = 0) => T0 + hours * HOUR_MS + minutes * 60_000
const NOW = at(50) // two days later: an hour grid

const bal = (account_id: number, currency: string, balance: string) => ({ account_id, currency, balance, reserve: '0', wallet_type: 'SPOT' }) as unknown as Balance
const motion = (id: number, currency: string, delta: string, ms: number, account_id = 7): WalletMotion =>
  ({ id, account_id, currency, balance_delta: delta, date: new Date(ms).toISOString(), wallet_type: 'SPOT' }) as WalletMotion
const candle = (startMs: number, close: number) => ({ time: startMs / 1000, open: close, high: close, low: close, close, volume: 1 }) as Candle

/**
 * Account 7 holds 2 ETH and 100 USDT today (account 8's wallets are the master key's other account and
 * are not its own). ETH is priced through USDT_ETH only (read backwards: 1 ÷ close). The day before, at
 * 04:30, it received 2 ETH (a deposit). The hourly candles of USDT_ETH close at 0.0005 (2000 USDT an
 * ETH) until the one of 11:00–12:00, which closes at 0.0004 (2500 USDT an ETH).
 */
const DEPOSIT = at(-30, 30)
function hourly(sinceSec: number, untilSec: number): Candle[] {
  const out: Candle[] = []
  for (let s = sinceSec * 1000; s <= untilSec * 1000; s += HOUR_MS) if (s % HOUR_MS === 0) out.push(candle(s, s < at(1) ? 0.0005 : 0.0004))
  return out
}
function client(over: Partial<RebuildClient> = {}): RebuildClient & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    balances: async () => [bal(7, 'ETH', '2'), bal(7, 'USDT', '60'), bal(7, 'USDT', '40'), bal(8, 'ETH', '99')],
    accountActivity: async (q) => {
      calls.push(`activity ${q.currency} ${q.start_time}`)
      return q.currency === 'ETH' && Date.parse(q.end_time!) > DEPOSIT && Date.parse(q.start_time!) <= DEPOSIT ? [motion(1, 'ETH', '2', DEPOSIT), motion(9, 'ETH', '5', at(0, 40), 8)] : []
    },
    pairs: async () => [{ name: 'USDT_ETH', currency1: 'USDT', currency2: 'ETH' }] as Pair[],
    candles: async (q) => {
      calls.push(`candles ${q.pair} ${q.interval}`)
      return hourly(q.since!, q.until!)
    },
    ...over,
  }
}

describe('rebuilding equity from the exchange’s wallet activity', () => {
  it('reads the account’s own balances and activity, prices through the reversed pair, and says what it made', async () => {
    const c = client()
    const out = await rebuildFromActivity(c, 7, 'USDT', at(2, 30), NOW)
    // 32 hours from 05:00 the day before (the first hour after the deposit) to 12:00: 2 ETH × (1 ÷ 0.0005
    // = 2000) + 100 USDT = 4100, and at 12:00 (the candle of 11:00–12:00) 2 × 2500 + 100 = 5100.
    expect(out.points).toHaveLength(32)
    expect(out.points[0]).toEqual({ t: at(-29), value: '4100', rebuilt: true })
    expect(out.points.slice(-2)).toEqual([
      { t: at(1), value: '4100', rebuilt: true },
      { t: at(2), value: '5100', rebuilt: true },
    ])
    expect(out.note).toBe('32 points before the first record rebuilt from wallet activity, valued at each hour’s candle close.')
    expect(out.retry).toBe(false)
    // 90 days in 30-day windows, for each currency held: ETH and USDT.
    expect(c.calls.filter((x) => x.startsWith('activity ETH'))).toHaveLength(3)
    expect(c.calls.filter((x) => x.startsWith('activity USDT'))).toHaveLength(3)
    expect(c.calls.filter((x) => x.startsWith('candles'))).toEqual(['candles USDT_ETH 60'])
  })

  it('reads a few currencies at a time, not one after another nor all at once, and values each as it would alone', async () => {
    const held = ['ETH', 'BTC', 'LTC', 'XRP', 'TRX', 'DOGE']
    let inFlight = 0
    let most = 0
    const slow = async <T>(answer: () => T): Promise<T> => {
      most = Math.max(most, ++inFlight)
      await new Promise((resolve) => setTimeout(resolve, 2))
      inFlight--
      return answer()
    }
    const c = client({
      balances: async () => [bal(7, 'USDT', '100'), ...held.map((cur) => bal(7, cur, '1'))],
      accountActivity: (q) => slow(() => (q.currency === 'ETH' && Date.parse(q.end_time!) > DEPOSIT && Date.parse(q.start_time!) <= DEPOSIT ? [motion(1, 'ETH', '1', DEPOSIT)] : [])),
      pairs: async () => held.map((cur) => ({ name: `${cur}_USDT`, currency1: cur, currency2: 'USDT' })) as Pair[],
      candles: (q) => slow(() => hourly(q.since!, q.until!).map((k) => ({ ...k, close: 1 / k.close }))),
    })
    const out = await rebuildFromActivity(c, 7, 'USDT', at(2, 30), NOW)
    expect(most).toBe(3)
    // The first hour after the deposit: six coins at 2000 USDT each, and the 100 USDT.
    expect(out.points[0]).toEqual({ t: at(-29), value: '12100', rebuilt: true })
  })

  it('an exchange without the endpoint (404): nothing rebuilt, said, not tried again', async () => {
    const out = await rebuildFromActivity(
      client({
        accountActivity: async () => {
          throw new TerminalError({ kind: 'unsupported', code: 'NOT_SUPPORTED', status: 404, message: 'This exchange does not offer GET /accounts/activity (404).' })
        },
      }),
      7,
      'USDT',
      at(2, 30),
      NOW,
    )
    expect(out).toEqual({ points: [], note: 'This exchange offers no wallet activity: the history is as recorded.', retry: false })
  })

  it('the network failing: nothing rebuilt, said, tried again later', async () => {
    const out = await rebuildFromActivity(
      client({
        balances: async () => {
          throw new TerminalError({ kind: 'network', code: 'OFFLINE', message: 'The exchange cannot be reached' })
        },
      }),
      7,
      'USDT',
      at(2, 30),
      NOW,
    )
    expect(out).toMatchObject({ points: [], retry: true })
    expect(out.note).toContain('could not be read (The exchange cannot be reached)')
  })

  it('a held currency with no pair to the quote: left out of every point, each counting it, and said', async () => {
    const out = await rebuildFromActivity(client({ pairs: async () => [] }), 7, 'USDT', at(2, 30), NOW)
    expect(out.points).toHaveLength(32)
    expect(out.points.every((p) => p.value === '100' && p.unpriced === 1)).toBe(true) // the USDT alone
    expect(out.note).toContain('left out: ETH (no pair to USDT) from every point, as from the recorded ones')
  })

  it('a priced currency whose candles are missing: those points are not made, and the words say how many', async () => {
    const out = await rebuildFromActivity(client({ candles: async () => [] }), 7, 'USDT', at(2, 30), NOW)
    expect(out.points).toEqual([])
    expect(out.note).toContain('left out: 32 without a candle for a held currency')
  })
})

describe('equity history: recorded, and rebuilt once before the first record', () => {
  const dirs: string[] = []
  afterEach(() => {
    while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
  })
  const account = (profileId: string | null): AccountRef => ({ id: 7, name: 'main', exchange: 'https://x.example', profileId, profileName: profileId })

  it('the rebuilt points go into the file before the recorded ones, marked; the rebuild is not repeated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'equity-rebuild-'))
    dirs.push(dir)
    const store = createEquityStore(dir, () => NOW)
    const key = { exchange: 'https://x.example', accountId: 7, quote: 'USDT' }
    await store.record(key, { t: at(2, 30), value: '5000' })
    const c = client()
    const history = createEquityHistory({ store, now: () => NOW })
    const [series] = await history.read([account('p')], 'USDT', () => c)
    expect(series!.points).toHaveLength(33)
    expect(series!.points.slice(-2)).toEqual([
      { t: at(2), value: '5100', rebuilt: true },
      { t: at(2, 30), value: '5000' },
    ])
    expect(series!.rebuilt).toContain('32 points before the first record rebuilt')
    const reads = c.calls.length
    await history.read([account('p')], 'USDT', () => c)
    expect(c.calls.length).toBe(reads)
    // A new process finds them in the file and does not rebuild again.
    const again = await createEquityHistory({ store, now: () => NOW }).read([account('p')], 'USDT', () => c)
    expect(again[0]!.rebuilt).toBe('Before the first record: rebuilt from wallet activity.')
    expect(c.calls.length).toBe(reads)
  })

  it('an account no profile holds the key for: as recorded, and why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'equity-rebuild-'))
    dirs.push(dir)
    const [series] = await createEquityHistory({ store: createEquityStore(dir, () => NOW), now: () => NOW }).read([account(null)], 'USDT', () => null)
    expect(series!.points).toEqual([])
    expect(series!.rebuilt).toContain('No profile holds this account’s own key')
  })
})
