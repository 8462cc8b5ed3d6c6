// The private endpoints that read the caller's account: its accounts, balances, fee rules, orders,
// fills and wallet movements, and the JSON records the exchange writes them as. What a key may see
// (a master key its sub-accounts too) is decided here once, for every one of them.
import { LosslessNumber, stringify as losslessStringify } from 'lossless-json'
import type { DemoAccount } from './accounts'
import type { Order } from './engine'
import { feeRuleJson } from './fees'
import { limitPriceOrZero, wireWallet } from './wire-words'
import { accountActivity, accountTrades, historyFilter } from './history-routes'
import { PAIRS_BY_NAME } from './reference'
import { type AddRoute, type ExchangeState, boolParam, intParam, isReply, ok, pairParam } from './route-kit'

const iso = (ms: number | null): string | undefined => (ms === null ? undefined : new Date(ms).toISOString())

function orderJson(o: Order, withClientOrderId: boolean): Record<string, unknown> {
  // As the official client's Order model reads it: a market order's price is 0 (wire-words.ts), a
  // time or stop price that is not set is left out (the model rejects null there), and open_at is
  // required: a stop order not yet triggered counts as open since it was placed.
  const record: Record<string, unknown> = {
    id: o.id,
    account_id: o.accountId,
    pair: o.pair.name,
    amount: o.amount.toNumber(),
    price: limitPriceOrZero(o.price).toNumber(),
    side: o.side === 'BUY' ? 'BID' : 'ASK',
    status: o.status,
    type: o.type,
    wallet_type: wireWallet(o.wallet),
    amount_canceled: o.canceled.toNumber(),
    amount_filled: o.filled.toNumber(),
    date: iso(o.createdAt),
    open_at: iso(o.openAt ?? o.createdAt),
    tif: 'GTC',
    updated_at: iso(o.updatedAt),
    done_at: iso(o.doneAt),
  }
  // The demo's own additions (extra keys, which the official client ignores).
  if (o.quoteAmount !== null) record.quote_amount = o.quoteAmount.toNumber()
  if (o.stopPrice !== null) record.stop_price = o.stopPrice.toNumber()
  if (o.stopOperator !== null) record.stop_operator = o.stopOperator
  if (withClientOrderId) record.client_order_id = o.clientOrderId
  return record
}

function accountJson(a: DemoAccount): Record<string, unknown> {
  // the specification: parent_id is present only for sub-accounts
  return a.parentId === null ? { id: a.id, email: a.email, name: a.name } : { id: a.id, email: a.email, name: a.name, parent_id: a.parentId }
}

export function addAccountRoutes(state: ExchangeState, add: AddRoute): void {
  const { engine } = state

  add('/accounts/accounts', 'GET', true, ({ query, accountId }) => {
    const include = boolParam(query, 'include_subaccounts')
    if (isReply(include)) return include
    const me = state.accountsById.get(accountId)!
    const list = include && me.parentId === null ? state.accounts.filter((a) => a.id === me.id || a.parentId === me.id) : [me]
    return ok(JSON.stringify(list.map(accountJson)))
  })

  // A master key sees its sub-accounts' balances and fee rules too, each row tagged with its
  // account_id (that is why the records carry one); a sub-account key sees only its own.
  const visibleAccounts = (accountId: number): number[] => {
    const me = state.accountsById.get(accountId)!
    return me.parentId === null ? state.accounts.filter((a) => a.id === me.id || a.parentId === me.id).map((a) => a.id) : [me.id]
  }

  // Written with lossless-json: a JSON number with every digit of the balance (an 18-decimal token's
  // too), as the real exchange writes it; toNumber() would round it to a double before it left.
  add('/accounts/balances', 'GET', true, ({ accountId }) =>
    ok(
      losslessStringify(
        visibleAccounts(accountId)
          .flatMap((id) => engine.balancesOf(id))
          .map((e) => ({
            balance: new LosslessNumber(e.balance.toFixed()),
            reserve: new LosslessNumber(e.reserve.toFixed()),
            currency: e.currency,
            wallet_type: wireWallet(e.wallet),
            last_update_at: new Date(e.updatedAt).toISOString(),
            account_id: e.accountId,
          })),
      ) as string, // an array always stringifies
    ),
  )

  add('/accounts/feeinfo', 'GET', true, ({ accountId }) => ok(JSON.stringify(engine.feeRules.filter((r) => visibleAccounts(accountId).includes(r.accountId)).map(feeRuleJson))))

  add('/accounts/order', 'GET', true, ({ query, accountId }) => {
    const pair = pairParam(query, false)
    if (isReply(pair)) return pair
    const limit = intParam(query, 'limit', 100, 1, 100)
    if (isReply(limit)) return limit
    const openOnly = boolParam(query, 'open_only')
    if (isReply(openOnly)) return openOnly
    const filter = historyFilter(query)
    if (isReply(filter)) return filter
    const matches = (o: Order): boolean =>
      (!openOnly || engine.isLive(o)) && (!filter.side || o.side === filter.side) && (filter.startMs == null || o.createdAt >= filter.startMs) && (filter.endMs == null || o.createdAt <= filter.endMs)
    return ok(JSON.stringify(engine.recentOrders(accountId, limit!, pair?.name ?? null, matches).map((o) => orderJson(o, !state.omitClientOrderId()))))
  })

  add('/accounts/trades', 'GET', true, ({ query, accountId }) => accountTrades(state.ledger, accountId, query, (name) => PAIRS_BY_NAME.has(name)))
  add('/accounts/activity', 'GET', true, ({ query, accountId }) => accountActivity(state.ledger, accountId, query))
}
