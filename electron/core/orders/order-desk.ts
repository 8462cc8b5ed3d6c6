// The order desk: the last stop of an order before the exchange.
//
// It re-validates the draft against fresh facts (the pair's record, the best bid and ask, the
// available balance, the fee rule), gives the order a client_order_id, builds the body once and
// places it once. When the answer is lost it never sends the order again: it looks the order up in
// the recent orders (order-lookup.ts) and reports what is known, and how sure that is.
import { TerminalError, isTerminalError } from '../../domain/errors'
import type { PlaceOrderResult } from '../../domain/api/api'
import type { OrderCheck, OrderContext, OrderDraft } from '../../domain/orders/orders'
import type { Balance, Currency, Dec, Pair } from '../../domain/wire/wire'
import { buildOrderBody, clientOrderIdFor, normalizeWalletType, validateOrder } from '../../domain/orders/order-rules'
import { availableIn } from '../../domain/account/balances'
import { feeContextOf, resolveFeeRule } from '../../domain/orders/fee-rules'
import { lookUpOrder } from './order-lookup'
import type { ExchangeClient } from '../exchange/client'
import type { RiskGate } from './risk-gate'

export interface OrderDesk {
  /** The draft checked against fresh exchange data; never sends an order. */
  validate(draft: OrderDraft): Promise<OrderCheck>
  /** Validates, then places the order once. Throws TerminalError 'validation' for an invalid draft. */
  place(draft: OrderDraft): Promise<PlaceOrderResult>
}

export interface OrderDeskDeps {
  client: ExchangeClient
  /** The selected account; null lets the desk infer it from the balances (a key sees one account). */
  accountId: () => number | null
  random?: () => number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** How long pair and currency records are trusted. Default 60 s. */
  referenceTtlMs?: number
  /** Waits before each lookup of an order whose outcome is unknown. Default 0, 1 s, 2 s (3 lookups). */
  lookupDelaysMs?: readonly number[]
  /** Time budget of the whole lookup, requests included. Default 15 s. */
  lookupBudgetMs?: number
  /** The account's risk limits (risk-gate.ts), checked after the rules and before the order is sent. */
  riskGate?: RiskGate
}

const EMPTY_CONTEXT: OrderContext = { pair: null, bestBid: null, bestAsk: null, available: null, fee: null }

/** A value fetched at most once per `ttlMs`; a failed fetch is not cached. */
function cached<T>(ttlMs: number, now: () => number, fetch: () => Promise<T>): () => Promise<T> {
  let entry: { at: number; value: Promise<T> } | null = null
  return () => {
    if (entry && now() - entry.at < ttlMs) return entry.value
    const value = fetch()
    const current = { at: now(), value }
    entry = current
    value.catch(() => {
      if (entry === current) entry = null
    })
    return value
  }
}

/** Resolves to null instead of failing: an optional fact the rules can do without. */
async function optional<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise
  } catch {
    return null
  }
}

export function createOrderDesk(deps: OrderDeskDeps): OrderDesk {
  const { client } = deps
  const now = deps.now ?? Date.now
  const random = deps.random ?? Math.random
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const ttl = deps.referenceTtlMs ?? 60_000
  const lookupDelays = deps.lookupDelaysMs ?? [0, 1_000, 2_000]
  const lookupBudgetMs = deps.lookupBudgetMs ?? 15_000
  const pairs = cached(ttl, now, () => client.pairs())
  const currencies = cached(ttl, now, () => client.currencies())

  /** The best bid and ask from the ticker, or from the top of the book when there is no ticker. */
  async function bestPrices(pairName: string): Promise<{ bid: Dec | null; ask: Dec | null }> {
    try {
      const tickers = await client.ticker({ pair: pairName })
      const ticker = tickers.find((t) => t.pair.toUpperCase() === pairName) ?? (tickers.length === 1 ? tickers[0] : undefined)
      if (ticker) return { bid: ticker.buy, ask: ticker.sell }
    } catch (error) {
      if (!(isTerminalError(error) && error.kind === 'unsupported')) return { bid: null, ask: null }
    }
    const book = await optional(client.orderbook({ pair: pairName, limit_buy: 1, limit_sell: 1 }))
    return { bid: book?.buy[0]?.price ?? null, ask: book?.sell[0]?.price ?? null }
  }

  let ownAccount: Promise<number | null> | null = null
  /**
   * The account orders are placed for: the selected one, or else the key's own account — the only one
   * its balances name, or (a master key also sees its sub-accounts' rows) the master of its tree.
   */
  async function accountOf(balances: Balance[] | null): Promise<number | null> {
    const selected = deps.accountId()
    if (selected !== null) return selected
    const ids = new Set((balances ?? []).map((b) => b.account_id))
    if (ids.size <= 1) return ids.size === 1 ? [...ids][0]! : null
    ownAccount ??= optional(client.accounts()).then((list) => list?.find((a) => a.parent_id === null || a.parent_id === undefined)?.id ?? null)
    return ownAccount
  }

  function availableOf(balances: Balance[] | null, accountId: number | null, pair: Pair, walletText: string): OrderContext['available'] {
    if (balances === null || accountId === null || normalizeWalletType(walletText) === null) return null
    // No row for a currency means nothing of it in this wallet.
    const free = (currency: string): Dec => availableIn(balances, { accountId, currency, walletType: walletText }) ?? '0'
    return { base: free(pair.currency1), quote: free(pair.currency2) }
  }

  function currencyIds(list: Currency[] | null, pair: Pair): number[] {
    if (list === null) return []
    return list.filter((c) => c.id !== undefined && (c.short_name === pair.currency1 || c.short_name === pair.currency2)).map((c) => c.id!)
  }

  /** Everything the rules need, fetched in parallel; only the pair list is required. */
  async function contextFor(draft: OrderDraft): Promise<{ ctx: OrderContext; accountId: number | null }> {
    const pairName = typeof draft.pair === 'string' ? draft.pair.trim().toUpperCase() : ''
    const [pairList, prices, balances, rules, currencyList] = await Promise.all([
      pairs(),
      optional(bestPrices(pairName)),
      optional(client.balances()),
      optional(client.feeInfo()),
      optional(currencies()),
    ])
    const pair = pairList.find((p) => p.name.toUpperCase() === pairName) ?? null
    if (pair === null) return { ctx: EMPTY_CONTEXT, accountId: null }
    const accountId = await accountOf(balances)
    const rule = rules !== null && accountId !== null ? resolveFeeRule(rules, { accountId, pairId: pair.id ?? null, currencyIds: currencyIds(currencyList, pair), at: new Date(now()) }) : null
    const ctx = { pair, bestBid: prices?.bid ?? null, bestAsk: prices?.ask ?? null, available: availableOf(balances, accountId, pair, draft.wallet_type), fee: feeContextOf(rule) }
    return { ctx, accountId }
  }

  /**
   * Errors visible without any exchange data (a missing field, a malformed number, an unknown side).
   * An order failing here is rejected before a single request is made.
   */
  function localErrors(draft: OrderDraft): OrderCheck | null {
    const check = validateOrder(draft, EMPTY_CONTEXT)
    // Without the pair list every pair is "unknown": that one is for the full check to decide.
    const errors = check.errors.filter((e) => !(e.field === 'pair' && e.code === 'UNKNOWN_PAIR'))
    return errors.length > 0 ? { errors, warnings: [], estimate: { value: null, fee: null, feeCurrency: null } } : null
  }

  async function prepare(draft: OrderDraft): Promise<{ check: OrderCheck; ctx: OrderContext | null; accountId: number | null }> {
    const local = localErrors(draft)
    if (local) return { check: local, ctx: null, accountId: null }
    const { ctx, accountId } = await contextFor(draft)
    return { check: validateOrder(draft, ctx), ctx, accountId }
  }

  return {
    async validate(draft) {
      return (await prepare(draft)).check
    },

    async place(draft) {
      const { check, ctx, accountId } = await prepare(draft)
      const first = check.errors[0]
      if (first !== undefined || ctx === null) {
        const more = check.errors.length > 1 ? ` (and ${check.errors.length - 1} more)` : ''
        throw new TerminalError({
          kind: 'validation',
          code: 'INVALID_ORDER',
          message: `The order was not sent: ${first?.message ?? 'it is not valid'}${more}`,
          ...(first ? { field: first.field } : {}),
          issues: check.errors,
        })
      }
      await deps.riskGate?.check({ draft, ctx, accountId })
      // A client_order_id the user chose is kept: it is how they find the order again.
      const clientOrderId = clientOrderIdFor(draft, random)
      const body = buildOrderBody(draft, ctx, clientOrderId)
      const sentAt = now()
      try {
        const orderIds = await client.placeOrder(body)
        return { outcome: 'placed', orderIds, clientOrderId }
      } catch (error) {
        if (isTerminalError(error) && error.kind === 'outcome-unknown') {
          return lookUpOrder({ client, clientOrderId, body, sentAt, cause: error }, { now, sleep, delaysMs: lookupDelays, budgetMs: lookupBudgetMs })
        }
        throw error
      }
    },
  }
}
