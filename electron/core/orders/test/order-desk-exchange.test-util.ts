// A scripted exchange for the order desk's tests: each read answers what the script says at the
// moment it is read (a function may throw, as a failed request does), and the desk's clock is the
// test's. The accounts: a master (10) and its sub-account (11).
import type { Account, Balance, Currency, FeeRule, OrderBook, OrderRecord, Pair, PlaceOrderBody, Ticker } from '../../../domain/wire/wire'
import type { ExchangeClient } from '../../exchange/client'
import { createOrderDesk, type OrderDeskDeps } from '../order-desk'

export const MASTER = 10
export const SUB = 11

export const usdt = (account: number, amount: string): Balance => ({
  account_id: account,
  currency: 'USDT',
  wallet_type: 'SPOT',
  balance: amount,
  reserve: '0',
  last_update_at: '2024-01-01T00:00:00Z',
})
export const master: Account = { id: MASTER, name: 'Master', email: 'master@example.test', parent_id: null }
export const sub: Account = { id: SUB, name: 'Desk', email: 'desk@example.test', parent_id: MASTER }
export const ticker = (pair: string, bid: string, ask: string): Ticker => ({ pair, last: bid, buy: bid, sell: ask })

export function feeRule(over: Partial<FeeRule>): FeeRule {
  return { account_id: MASTER, active_once: null, taker_fee_rate: '0.002', maker_fee_rate: '0.001', fee_currency: null, priority: 1, currency: null, pair: null, is_active: true, ...over }
}

export interface Script {
  pairs: () => Pair[]
  tickers?: () => Ticker[]
  book?: () => OrderBook
  balances?: () => Balance[]
  feeInfo?: () => FeeRule[]
  currencies?: () => Currency[]
  accounts?: () => Account[]
  /** The answer to an order; throwing is a lost answer. Default: placed as order 1, 2, … */
  placeOrder?: (body: PlaceOrderBody) => number[]
  recentOrders?: () => OrderRecord[]
  /** The selected account; null lets the desk infer it. Default: the master. */
  accountId?: number | null
}

export function scriptedDesk(script: Script, deps: Partial<OrderDeskDeps> = {}) {
  let clock = 1_000_000
  const reads = { pairs: 0, accounts: 0, book: 0, tickerQueries: [] as unknown[] }
  const placed: PlaceOrderBody[] = []
  const client = {
    pairs: async () => (reads.pairs++, script.pairs()),
    currencies: async () => script.currencies?.() ?? [],
    ticker: async (query: unknown) => (reads.tickerQueries.push(query), script.tickers?.() ?? [ticker('BTC_USDT', '50000', '50010')]),
    orderbook: async () => (reads.book++, script.book?.() ?? { buy: [], sell: [] }),
    balances: async () => script.balances?.() ?? [usdt(MASTER, '100000')],
    feeInfo: async () => script.feeInfo?.() ?? [],
    accounts: async () => (reads.accounts++, script.accounts?.() ?? [master]),
    placeOrder: async (body: PlaceOrderBody) => (placed.push(body), script.placeOrder?.(body) ?? [placed.length]),
    recentOrders: async () => script.recentOrders?.() ?? [],
    serverSkewMs: () => null,
  } as unknown as ExchangeClient
  const desk = createOrderDesk({ client, accountId: () => (script.accountId === undefined ? MASTER : script.accountId), now: () => clock, ...deps })
  return { desk, reads, placed, advance: (ms: number) => void (clock += ms) }
}

/** The codes of a check's errors and warnings. */
export async function codesOf(check: Promise<{ errors: { code: string }[]; warnings: { code: string }[] }>) {
  const { errors, warnings } = await check
  return { errors: errors.map((e) => e.code), warnings: warnings.map((w) => w.code) }
}
