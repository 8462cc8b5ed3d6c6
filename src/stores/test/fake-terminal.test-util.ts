// A scriptable TerminalBridge for tests: answers calls from handlers, records them, and emits events
// on demand. Not imported by the app.
import type { AccountSnapshot, EventName, EventPayloads, MarketSession, MethodInput, MethodName, MethodResults, ProfileView, SessionState, TerminalBridge } from '@domain/api/api'
import type { Balance, FeeRule } from '@domain/wire/wire'
import { TerminalError } from '@domain/errors'

/** A market answer or event may leave out its session tag: the fake adds `marketSession`, as the core would. */
export type MaybeTagged<T> = T extends { session: MarketSession } ? Omit<T, 'session'> & { session?: MarketSession } : T
type Handler<M extends MethodName> = (input: MethodInput<M>) => MaybeTagged<MethodResults[M]> | Promise<MaybeTagged<MethodResults[M]>>
export type Handlers = { [M in MethodName]?: Handler<M> }

export interface FakeTerminal extends TerminalBridge {
  calls: { method: MethodName; input: unknown }[]
  handlers: Handlers
  emit<E extends EventName>(event: E, payload: MaybeTagged<EventPayloads[E]>): void
  /** The session tag of market answers and events that name none (that of `sessionState()`). */
  marketSession: MarketSession
  listenerCount(event: EventName): number
  callsOf(method: MethodName): unknown[]
}

export function fakeTerminal(handlers: Handlers = {}): FakeTerminal {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  const fake: FakeTerminal = {
    calls: [],
    handlers,
    marketSession: { profileId: 'p1', profileGeneration: 1 },
    async call(method, input) {
      fake.calls.push({ method, input })
      const handler = fake.handlers[method] as Handler<typeof method> | undefined
      if (!handler) throw new TerminalError({ kind: 'internal', code: 'NO_FAKE', message: `no fake for ${method}` })
      const answer = await handler(input)
      // The market's subscriptions name their session, as the core's do (market.start: none remembered is null).
      return ((method === 'market.subscribe' || method === 'market.start') && answer ? { session: fake.marketSession, ...(answer as object) } : answer) as never
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      const entry = listener as (payload: unknown) => void
      set.add(entry)
      return () => void set.delete(entry)
    },
    emit(event, payload) {
      const tagged = event.startsWith('market.') ? { session: fake.marketSession, ...(payload as object) } : payload
      for (const listener of [...(listeners.get(event) ?? [])]) listener(tagged)
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    callsOf: (method) => fake.calls.filter((c) => c.method === method).map((c) => c.input),
  }
  return fake
}

/** A deferred promise, for answers a test releases later (in-flight switches). */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

// ---- Fixtures ---------------------------------------------------------------------------------

export function profileView(over: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 'p1',
    name: 'Main',
    baseUrl: 'https://exchange.example/api/v3',
    feedUrl: null,
    apiKeyHint: 'abcd',
    accountId: 1,
    isDemo: false,
    createdAt: '2024-01-01T00:00:00Z',
    lastUsedAt: null,
    secretStorage: 'keychain',
    ...over,
  }
}

export function sessionState(over: Partial<SessionState> = {}): SessionState {
  return {
    switchGeneration: 1,
    profileGeneration: 1,
    profile: profileView(),
    accounts: [
      { id: 1, name: 'Master', email: 'm@example.com', parentId: null, profileId: 'p1' },
      { id: 2, name: 'Sub A', email: 'a@example.com', parentId: 1, profileId: 'p2', viewOnlyReason: 'Orders need Sub A’s own key: switch to its profile.' },
      { id: 3, name: 'Sub B', email: 'b@example.com', parentId: 1, profileId: null, viewOnlyReason: 'No profile holds a key for Sub B.' },
    ],
    accountId: 1,
    canTrade: true,
    connection: { state: 'online', message: 'Connected', since: 0 },
    keychain: { available: true },
    ...over,
  }
}

export function balance(over: Partial<Balance> = {}): Balance {
  return { balance: '1', reserve: '0', currency: 'BTC', wallet_type: 'SPOT', last_update_at: '2024-01-01T00:00:00Z', account_id: 1, ...over }
}

export function feeRule(over: Partial<FeeRule> = {}): FeeRule {
  return {
    account_id: 1,
    active_once: null,
    taker_fee_rate: '0.002',
    maker_fee_rate: '0.001',
    fee_currency: null,
    priority: 0,
    currency: null,
    pair: null,
    is_active: true,
    ...over,
  }
}

export function accountSnapshot(over: Partial<AccountSnapshot> = {}): AccountSnapshot {
  return { switchGeneration: 1, accountId: 1, balances: [balance()], feeRules: [feeRule()], orders: [], fetchedAt: 1, ...over }
}
