// Test fixtures for the market and order-form tests: a fake bridge that records every call and can
// emit events, and a small market (pairs, candles, trades) to drive it with. Not imported by the app.
import type { EventName, EventPayloads, MethodName, MethodResults, TerminalBridge } from '@domain/api/api'
import { DEFAULT_ARRANGEMENT } from '@domain/prefs/workspace'
import type { MaybeTagged } from '@/stores/test/fake-terminal.test-util'
import type { Balance, Candle, FeeRule, Pair, Trade } from '@domain/wire/wire'
import { BTC_USDT as RULES_BTC_USDT } from '@domain/test/order-rules.test-util'
import { DEFAULT_LADDER_PREFS } from '@domain/prefs/ladder-prefs'

type Handler = (input: unknown) => unknown

export interface FakeTerminal extends TerminalBridge {
  calls: { method: MethodName; input: unknown }[]
  callsOf(method: MethodName): unknown[]
  handle<M extends MethodName>(method: M, handler: (input: never) => MaybeTagged<MethodResults[M]> | Promise<MaybeTagged<MethodResults[M]>>): void
  /** Market payloads without a session get that of the first profile session (profile p1, generation 1). */
  emit<E extends EventName>(event: E, payload: MaybeTagged<EventPayloads[E]>): void
  listenerCount(event: EventName): number
}

const FIRST_SESSION = { profileId: 'p1', profileGeneration: 1 }

export function fakeTerminal(): FakeTerminal {
  const handlers = new Map<MethodName, Handler>()
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  const calls: FakeTerminal['calls'] = []
  const bridge: FakeTerminal = {
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method).map((c) => c.input),
    handle(method, handler) {
      handlers.set(method, handler as Handler)
    },
    emit(event, payload) {
      const tagged = event.startsWith('market.') ? { session: FIRST_SESSION, ...(payload as object) } : payload
      for (const listener of listeners.get(event) ?? []) listener(tagged)
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    async call(method, input) {
      calls.push({ method, input })
      const handler = handlers.get(method)
      if (!handler) throw new Error(`fake terminal: no handler for ${method}`)
      const answer = await handler(input)
      return (method === 'market.subscribe' ? { session: FIRST_SESSION, ...(answer as object) } : answer) as never
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      const entry = listener as (payload: unknown) => void
      set.add(entry)
      return () => set.delete(entry)
    },
  }
  bridge.handle('prefs.set', (input: Record<string, unknown>) => ({ ...PREFS, ...input }))
  return bridge
}

export const PREFS: MethodResults['prefs.get'] = {
  theme: 'dark',
  pair: 'BTC_USDT',
  interval: '60',
  confirmOrders: false,
  hideZeroBalances: true,
  panicHotkey: false,
  positionNotifications: false,
  timeZone: 'local',
  layout: { sidebar: 18, bottom: 30, side: 28, bottomCollapsed: false, sideCollapsed: false },
  indicators: {},
  charts: DEFAULT_ARRANGEMENT,
  workspaces: [],
  ladder: DEFAULT_LADDER_PREFS,
}

/** The order rules' test pair, with the id the exchange lists it under. */
export const BTC_USDT: Pair = { ...RULES_BTC_USDT, id: 1 }

export const ETH_USDT: Pair = {
  name: 'ETH_USDT',
  currency1: 'ETH',
  currency2: 'USDT',
  price_precision: 2,
  amount_precision: 3,
  minimum_order_size: '0.01',
  maximum_order_size: '1000',
  minimum_order_value: '10',
  id: 2,
}

/** `count` hourly candles ending at `lastTime`, rising by 1 each. */
export function candleRun(count: number, lastTime: number, step = 3600): Candle[] {
  const out: Candle[] = []
  for (let i = count - 1; i >= 0; i--) {
    const time = lastTime - i * step
    const open = 43000 + (count - i)
    out.push({ time, open, close: open + (i % 2 === 0 ? 5 : -5), low: open - 10, high: open + 10, volume: 1 + (i % 3) })
  }
  return out
}

export function trade(id: number, price = '43000.5', amount = '0.0123', type = 'buy', timestamp = 1_700_000_000 + id): Trade {
  return { id, price, amount, type, timestamp, pair: 'BTC_USDT' }
}

export function balance(currency: string, amount: string, reserve = '0', wallet = 'SPOT', accountId = 7): Balance {
  return { currency, balance: amount, reserve, wallet_type: wallet, last_update_at: '2024-01-01T00:00:00Z', account_id: accountId }
}

export function feeRule(taker: string, maker: string, accountId = 7): FeeRule {
  return {
    account_id: accountId,
    active_once: null,
    taker_fee_rate: taker,
    maker_fee_rate: maker,
    fee_currency: null,
    priority: 1,
    currency: null,
    pair: null,
    is_active: true,
  }
}
