// The demo accounts: a master and two sub-accounts, each with its own API key and secret, balances in
// several wallets and fee rules of every kind (default, pair-specific, time-bounded, inactive), so that
// switching accounts in the terminal visibly changes what it shows.
import { createHmac } from 'node:crypto'
import { Decimal } from '../domain/decimal'
import { CURRENCIES_BY_CODE, PAIRS_BY_NAME } from './reference'

export interface DemoAccount {
  id: number
  name: string
  email: string
  parentId: number | null
  apiKey: string
  apiSecret: string
}

export interface FeeRule {
  accountId: number
  /** [valid_from, valid_to] in ms; a null end is open, so [null, null] is unbounded. */
  activeOnce: [number | null, number | null]
  takerRate: Decimal
  makerRate: Decimal
  feeCurrency: string | null
  priority: number
  currencyId: number | null
  pairId: number | null
  isActive: boolean
}

export interface InitialBalance {
  accountId: number
  wallet: string
  currency: string
  amount: string
}

/** Keys are derived from the seed: the same seed gives the same keys, so a stored profile keeps working. */
export function deriveSecret(seed: number, label: string, hexChars: number): string {
  return createHmac('sha256', `demo-exchange-seed-${seed}`).update(label).digest('hex').slice(0, hexChars)
}

export function createAccounts(seed: number): DemoAccount[] {
  const base = 1000 + (Math.abs(Math.trunc(seed)) % 9000) * 10
  const make = (offset: number, name: string, email: string, parentId: number | null): DemoAccount => ({
    id: base + offset,
    name,
    email,
    parentId,
    apiKey: `demo_${deriveSecret(seed, `key:${offset}`, 24)}`,
    apiSecret: deriveSecret(seed, `secret:${offset}`, 64),
  })
  const master = make(1, 'Demo Trader', 'demo.trader@example.com', null)
  return [master, make(2, 'Demo Scalping Desk', 'demo.scalping@example.com', master.id), make(3, 'Demo Savings', 'demo.savings@example.com', master.id)]
}

export function initialBalances(accounts: readonly DemoAccount[]): InitialBalance[] {
  const [master, sub1, sub2] = accounts as [DemoAccount, DemoAccount, DemoAccount]
  const rows: [DemoAccount, string, string, string][] = [
    [master, 'SPOT', 'USDT', '250000'],
    [master, 'SPOT', 'BTC', '3.5'],
    [master, 'SPOT', 'ETH', '40'],
    [master, 'SPOT', 'LTC', '300'],
    [master, 'SPOT', 'XRP', '60000'],
    [master, 'SPOT', 'DOGE', '800000'],
    [master, 'SPOT', 'TRX', '400000'],
    [master, 'SPOT', 'USDC', '30000'],
    [master, 'SPOT', 'DAI', '1234.123456789012345678'],
    [master, 'CROSS_MARGIN', 'USDT', '10000'],
    [master, 'CROSS_MARGIN', 'BTC', '0.25'],
    [master, 'P2P', 'USDT', '5000'],
    [master, 'P2P', 'USDC', '2500'],
    [sub1, 'SPOT', 'USDT', '25000'],
    [sub1, 'SPOT', 'BTC', '0.5'],
    [sub1, 'SPOT', 'ETH', '6'],
    [sub1, 'SPOT', 'LTC', '25'],
    [sub1, 'ISOLATED_MARGIN', 'USDT', '3000'],
    [sub1, 'ISOLATED_MARGIN', 'ETH', '1.5'],
    [sub2, 'SPOT', 'USDT', '4000'],
    [sub2, 'SPOT', 'DOGE', '150000'],
    [sub2, 'SPOT', 'XRP', '12000'],
    [sub2, 'SPOT', 'TRX', '90000'],
    [sub2, 'P2P', 'USDC', '1000'],
    [sub2, 'P2P', 'USDT', '750'],
  ]
  return rows.map(([account, wallet, currency, amount]) => ({ accountId: account.id, wallet, currency, amount }))
}

const DAY = 86_400_000

/** Fee rules; time bounds are relative to the start so a rule is always "current" in a fresh demo. */
export function initialFeeRules(accounts: readonly DemoAccount[], startMs: number): FeeRule[] {
  const [master, sub1, sub2] = accounts as [DemoAccount, DemoAccount, DemoAccount]
  const day0 = Math.floor(startMs / DAY) * DAY
  const pairId = (name: string): number => PAIRS_BY_NAME.get(name)!.id
  const currencyId = (code: string): number => CURRENCIES_BY_CODE.get(code)!.id
  const rule = (
    account: DemoAccount,
    taker: string,
    maker: string,
    priority: number,
    extra: Partial<Pick<FeeRule, 'activeOnce' | 'feeCurrency' | 'currencyId' | 'pairId' | 'isActive'>> = {},
  ): FeeRule => ({
    accountId: account.id,
    activeOnce: [null, null],
    takerRate: new Decimal(taker),
    makerRate: new Decimal(maker),
    feeCurrency: null,
    priority,
    currencyId: null,
    pairId: null,
    isActive: true,
    ...extra,
  })
  return [
    // master: default, a cheaper BTC_USDT rule, a promotion on everything ETH for two weeks, a disabled VIP rule
    rule(master, '0.002', '0.001', 0),
    rule(master, '0.001', '0.0005', 10, { pairId: pairId('BTC_USDT'), activeOnce: [day0 - 90 * DAY, null] }),
    rule(master, '0.0015', '0', 5, { currencyId: currencyId('ETH'), activeOnce: [day0 - 7 * DAY, day0 + 7 * DAY] }),
    rule(master, '0', '0', 100, { isActive: false, feeCurrency: 'USDT' }),
    // scalping desk: high-volume rates, a maker rebate on ETH_USDT, an expired launch promotion, a disabled rule
    rule(sub1, '0.0008', '0.0004', 0),
    rule(sub1, '0.0006', '0', 10, { pairId: pairId('ETH_USDT') }),
    rule(sub1, '0', '0', 50, { activeOnce: [day0 - 60 * DAY, day0 - 30 * DAY] }),
    rule(sub1, '0.0001', '0.0001', 90, { isActive: false, currencyId: currencyId('BTC') }),
    // savings: retail rates, a DOGE promotion running until next month, a disabled rule
    rule(sub2, '0.003', '0.002', 0),
    rule(sub2, '0.001', '0.001', 10, { pairId: pairId('DOGE_USDT'), activeOnce: [day0 - DAY, day0 + 30 * DAY] }),
    rule(sub2, '0.0025', '0.0015', 5, { currencyId: currencyId('USDC') }),
    rule(sub2, '0', '0', 80, { isActive: false, feeCurrency: 'USDT', pairId: pairId('XRP_USDT') }),
  ]
}
