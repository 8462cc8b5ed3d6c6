// createTerminal: the terminal itself, as plain Node. It implements every TerminalApi method and
// emits its events; the hosts (Electron main, web host) only bind it to a transport.
//
// State that matters for safety lives here: the active profile and its exchange client, the
// selected account, and the session generation. Every switch bumps the generation, aborts what is
// in flight for the previous one and restarts the feeds, so answers for an old profile or account
// are discarded instead of shown.
import { join } from 'node:path'
import type {
  AccountNode,
  AppInfo,
  ConnectionStatus,
  ConnectionTestResult,
  HostKind,
  MethodInput,
  MethodName,
  MethodResults,
  Notice,
  ProfileView,
  SessionState,
  TerminalCore,
} from '../domain/api'
import { TerminalError, isTerminalError } from '../domain/errors'
import type { Account } from '../domain/wire'
import { type AccountFeed, createAccountFeed } from './account-feed'
import { createConnectionWatch } from './connection-watch'
import { createEventHub } from './events'
import { type ExchangeClient, type ExchangeClientOptions, createExchangeClient } from './exchange/client'
import type { Logger } from './logger'
import { createMarketCache } from './market-cache'
import { type MarketFeed, createMarketFeed, statusFromError } from './market-feed'
import { createOrderDesk } from './order-desk'
import { createPreferenceStore } from './preferences'
import type { ProfileRecord, ProfileStore } from './profile-store'
import type { Vault } from './vault'
import { bindCredentials, originChangeRefusal, readBoundCredentials, rebindCredentials } from './credential-binding'

/** The embedded demo exchange, started by the host when a demo profile is used. */
export interface DemoLauncher {
  start(): Promise<{ baseUrl: string; accounts: Array<{ id: number; name: string; parentId: number | null; apiKey: string; apiSecret: string }> }>
}

export interface TerminalDeps {
  host: HostKind
  version: string
  dataDir: string
  vault: Vault
  profiles: ProfileStore
  logger?: Logger
  demo?: DemoLauncher
  createClient?: (options: ExchangeClientOptions) => ExchangeClient
  /** Native notifications (Electron); every notice is also emitted as the `notice` event. */
  notify?: (notice: Notice) => void
  now?: () => number
  /** Poll rates, for tests. */
  rates?: { tradesMs: number; candlesMs: number; tickerMs: number; accountMs: number }
}

type Handlers = { [M in MethodName]: (input: MethodInput<M>) => Promise<MethodResults[M]> }

const idle = (now: number): ConnectionStatus => ({ state: 'idle', message: 'No profile is active.', since: now })

export async function createTerminal(deps: TerminalDeps): Promise<TerminalCore> {
  const now = deps.now ?? Date.now
  const log = deps.logger
  const hub = createEventHub((error) => log?.error('event listener failed', { error: String(error) }))
  const prefs = createPreferenceStore(deps.dataDir)
  const makeClient = deps.createClient ?? createExchangeClient
  // A damaged profiles file was moved aside by the store and is reported; a file from a newer release
  // is left untouched and blocks saving. Either way the terminal starts and says so.
  const storageWarnings: string[] = []
  try {
    storageWarnings.push(...(await deps.profiles.load()).warnings)
  } catch (error) {
    storageWarnings.push(isTerminalError(error) ? error.message : `The profiles file could not be read: ${String(error)}`)
  }
  for (const warning of storageWarnings) log?.warn('profile store', { warning })
  // The vault learns which profiles have keychain entries on its first probe.
  await deps.vault.status()

  let generation = 0
  let active: ProfileRecord | null = null
  let client: ExchangeClient | null = null
  let accounts: Account[] = []
  let accountId: number | null = null
  let connection: ConnectionStatus = idle(now())
  let marketFeed: MarketFeed | null = null
  let marketKey: { pair: string; interval: MethodInput<'market.subscribe'>['interval'] } | null = null
  let accountFeed: AccountFeed | null = null
  let demoInfo: Awaited<ReturnType<DemoLauncher['start']>> | null = null
  let disposed = false

  const notify = (notice: Notice) => {
    hub.emit('notice', notice)
    deps.notify?.(notice)
  }

  // ---- Demo exchange --------------------------------------------------------------------------------

  async function ensureDemo(): Promise<NonNullable<typeof demoInfo>> {
    if (!deps.demo) throw new TerminalError({ kind: 'not-found', code: 'NO_DEMO', message: 'This host has no embedded demo exchange.' })
    if (!demoInfo) {
      demoInfo = await deps.demo.start()
      // The demo listens on a new port each launch: point every demo profile at it.
      for (const p of deps.profiles.list()) {
        if (p.isDemo && p.baseUrl !== demoInfo.baseUrl) {
          await deps.profiles.update(p.id, { baseUrl: demoInfo.baseUrl })
          await rebindCredentials(deps.vault, p.id, demoInfo.baseUrl)
        }
      }
    }
    return demoInfo
  }

  async function ensureDemoProfile(): Promise<void> {
    if (!deps.demo || deps.profiles.list().length > 0) return
    const demo = await ensureDemo()
    const master = demo.accounts.find((a) => a.parentId === null) ?? demo.accounts[0]
    if (!master) return
    const record = await deps.profiles.create({
      name: 'Demo',
      baseUrl: demo.baseUrl,
      accountId: master.id,
      apiKeyHint: master.apiKey.slice(-4),
      isDemo: true,
    })
    await deps.vault.write(record.id, bindCredentials(master, demo.baseUrl))
    await deps.profiles.setActive(record.id)
  }

  // ---- Views ----------------------------------------------------------------------------------------

  function profileView(p: ProfileRecord): ProfileView {
    return {
      id: p.id,
      name: p.name,
      baseUrl: p.baseUrl,
      apiKeyHint: p.apiKeyHint,
      accountId: p.accountId,
      isDemo: p.isDemo,
      createdAt: p.createdAt,
      lastUsedAt: p.lastUsedAt,
      secretStorage: deps.vault.storageOf(p.id),
    }
  }

  const sameExchange = (a: ProfileRecord, b: ProfileRecord) => (a.isDemo && b.isDemo) || a.baseUrl === b.baseUrl

  function accountTree(): AccountNode[] {
    const profiles = deps.profiles.list()
    return accounts.map((a) => {
      const holder = active && (a.id === active.accountId ? active : profiles.find((p) => p.accountId === a.id && sameExchange(p, active!)))
      const node: AccountNode = {
        id: a.id,
        name: a.name,
        email: a.email,
        parentId: a.parent_id ?? null,
        profileId: holder ? holder.id : null,
      }
      if (!holder) node.viewOnlyReason = 'No profile holds this account’s own API key. Add one to trade as this account; until then its balances and fee rules are view-only.'
      return node
    })
  }

  async function sessionState(): Promise<SessionState> {
    return {
      generation,
      profile: active ? profileView(active) : null,
      accounts: accountTree(),
      accountId,
      canTrade: active !== null && accountId !== null && accountId === active.accountId && client !== null,
      connection,
      keychain: await deps.vault.status(),
      storageWarnings,
    }
  }

  async function publishSession(): Promise<SessionState> {
    const state = await sessionState()
    hub.emit('session.changed', state)
    return state
  }

  function setConnection(next: ConnectionStatus): void {
    const changed = next.state !== connection.state || next.message !== connection.message
    // The exchange answers again: refresh the account now rather than when its feed's backoff
    // (up to a minute after an outage) runs out, so balances are not stale behind a green light.
    const recovered = next.state === 'online' && connection.state !== 'online' && connection.state !== 'connecting'
    connection = next
    if (changed) void publishSession()
    if (recovered) accountFeed?.kick()
  }

  // ---- Switching ------------------------------------------------------------------------------------

  function stopFeeds(): void {
    marketFeed?.stop()
    marketFeed = null
    accountFeed?.stop()
    accountFeed = null
  }

  function startAccountFeed(): void {
    accountFeed?.stop()
    accountFeed = null
    if (!client || !active) return
    const gen = generation
    accountFeed = createAccountFeed({
      client,
      generation: gen,
      accountId,
      ownAccountId: active.accountId,
      isCurrent: (g) => g === generation,
      emit: (snapshot) => hub.emit('account.changed', snapshot),
      notify,
      ...(deps.rates ? { intervalMs: deps.rates.accountMs } : {}),
      now,
    })
  }

  async function credentialsFor(profile: ProfileRecord) {
    const creds = await readBoundCredentials(deps.vault, profile)
    if (!creds) {
      throw new TerminalError({
        kind: 'keychain',
        code: 'NO_CREDENTIALS',
        message: 'This profile’s API key is not available (the keychain has no entry, or it was kept for a previous session only). Edit the profile and enter the key again.',
      })
    }
    return creds
  }

  function clientFor(profile: ProfileRecord): ExchangeClient {
    // The watch adds what the client does not report: a refused key, an unreadable answer.
    const watch = createConnectionWatch({ now, current: () => connection, set: setConnection })
    return watch.wrap(
      makeClient({
        baseUrl: profile.baseUrl,
        credentials: () => credentialsFor(profile),
        onStatus: (s) => watch.onClientStatus(s),
      }),
    )
  }

  /** Learns which account a key belongs to: the only one it sees, or the master among several. */
  function ownAccountOf(list: Account[]): Account | null {
    if (list.length === 1) return list[0] ?? null
    return list.find((a) => a.parent_id === null || a.parent_id === undefined) ?? list[0] ?? null
  }

  async function activate(profileId: string, selectAccount?: number): Promise<SessionState> {
    await deps.profiles.refresh()
    const record = deps.profiles.get(profileId)
    if (!record) throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_PROFILE', message: 'That profile does not exist (any more).' })
    generation += 1
    const gen = generation
    stopFeeds()
    if (record.isDemo) await ensureDemo()
    active = deps.profiles.get(profileId)
    client = clientFor(active!)
    accounts = []
    accountId = active!.accountId
    connection = { state: 'connecting', message: `Connecting to ${active!.name}…`, since: now() }
    await deps.profiles.setActive(profileId)
    await deps.profiles.update(profileId, { lastUsedAt: new Date(now()).toISOString() })
    active = deps.profiles.get(profileId)
    await publishSession()
    try {
      const list = await client.accounts({ include_subaccounts: true })
      if (gen !== generation) return sessionState() // switched again meanwhile: this answer is stale
      accounts = list
      const own = ownAccountOf(list)
      if (own && active!.accountId !== own.id) active = await deps.profiles.update(profileId, { accountId: own.id })
      accountId = selectAccount !== undefined && list.some((a) => a.id === selectAccount) ? selectAccount : (own?.id ?? null)
      connection = { state: 'online', message: `Connected to ${active!.name}`, since: now() }
    } catch (error) {
      if (gen !== generation) return sessionState()
      connection = statusFromError(error, now())
      log?.warn('activation failed', { profile: profileId, kind: isTerminalError(error) ? error.kind : 'internal' })
    }
    startAccountFeed()
    if (marketKey) await restartMarket()
    return publishSession()
  }

  async function restartMarket(): Promise<void> {
    if (!marketKey) return
    try {
      await subscribe(marketKey.pair, marketKey.interval)
    } catch (error) {
      log?.warn('market restart failed', { error: isTerminalError(error) ? error.code : String(error) })
    }
  }

  async function subscribe(pair: string, interval: MethodInput<'market.subscribe'>['interval']) {
    if (!client || !active) {
      throw new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one to see the market.' })
    }
    marketFeed?.stop()
    marketKey = { pair, interval }
    const feed = createMarketFeed(pair, interval, {
      client,
      cache: createMarketCache(join(deps.dataDir, 'cache'), active.baseUrl, (e) => log?.warn('market cache', { error: String(e) })),
      emit: (event, payload) => hub.emit(event, payload),
      now,
      ...(deps.rates ? { rates: deps.rates } : {}),
    })
    marketFeed = feed
    const snapshot = await feed.start()
    return snapshot
  }

  async function testConnection(baseUrl: string, creds: { apiKey: string; apiSecret: string }): Promise<ConnectionTestResult> {
    const probe = makeClient({ baseUrl, credentials: async () => creds, timeoutMs: 8_000, maxTries: 1 })
    try {
      const started = now()
      const time = await probe.time().catch(() => null)
      const list = await probe.accounts({ include_subaccounts: true })
      const skew = time ? Math.round(time.serverTime * 1000 - (started + now()) / 2) : null
      return { ok: true, accounts: list, serverTimeSkewMs: skew }
    } catch (error) {
      const e = isTerminalError(error) ? error : new TerminalError({ kind: 'internal', code: 'INTERNAL', message: String(error) })
      return { ok: false, accounts: [], serverTimeSkewMs: null, error: { kind: e.kind, code: e.code, message: e.message } }
    }
  }

  function requireTrading(): { client: ExchangeClient; accountId: number } {
    if (!client || !active) throw new TerminalError({ kind: 'validation', code: 'NO_PROFILE', message: 'Activate a profile before placing orders.' })
    if (accountId === null || accountId !== active.accountId) {
      throw new TerminalError({ kind: 'validation', code: 'VIEW_ONLY_ACCOUNT', message: 'The selected account is view-only: orders need that account’s own API key. Add a profile for it, or switch back.' })
    }
    return { client, accountId }
  }

  // ---- Methods --------------------------------------------------------------------------------------

  const handlers: Handlers = {
    async 'app.info'() {
      const info: AppInfo = {
        name: 'Trading Terminal',
        version: deps.version,
        host: deps.host,
        platform: process.platform,
        dataDir: deps.dataDir,
        keychain: await deps.vault.status(),
      }
      return info
    },
    'prefs.get': () => prefs.get(),
    'prefs.set': (patch) => prefs.set(patch),

    async 'profiles.list'() {
      await deps.profiles.refresh() // the CLI or another window may have changed the file
      const list = deps.profiles.list()
      // A profile another process added has a keychain entry this vault has not seen yet.
      if (list.some((p) => deps.vault.storageOf(p.id) === 'missing')) await deps.vault.list().catch(() => undefined)
      return list.map(profileView)
    },
    async 'profiles.create'(input) {
      const isDemo = demoInfo !== null && input.baseUrl.replace(/\/+$/, '') === demoInfo.baseUrl
      const test = await testConnection(input.baseUrl, input)
      const own = test.ok ? ownAccountOf(test.accounts) : null
      const record = await deps.profiles.create({
        name: input.name,
        baseUrl: input.baseUrl.replace(/\/+$/, ''),
        accountId: own?.id ?? null,
        apiKeyHint: input.apiKey.slice(-4),
        isDemo,
      })
      try {
        await deps.vault.write(record.id, bindCredentials(input, record.baseUrl))
      } catch (error) {
        await deps.profiles.remove(record.id)
        throw error
      }
      void publishSession()
      return profileView(record)
    },
    async 'profiles.update'(input) {
      const existing = deps.profiles.get(input.id)
      if (!existing) throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_PROFILE', message: 'That profile does not exist (any more).' })
      if ((input.apiKey === undefined) !== (input.apiSecret === undefined)) {
        throw new TerminalError({ kind: 'validation', code: 'KEY_AND_SECRET', field: input.apiKey === undefined ? 'apiKey' : 'apiSecret', message: 'Enter the API key and its secret together, or neither to keep the current ones.' })
      }
      const refusal = originChangeRefusal(existing.baseUrl, input)
      if (refusal) throw refusal
      const patch: Partial<ProfileRecord> = {}
      if (input.name !== undefined) patch.name = input.name
      if (input.baseUrl !== undefined) {
        patch.baseUrl = input.baseUrl.replace(/\/+$/, '')
        patch.isDemo = demoInfo !== null && patch.baseUrl === demoInfo.baseUrl
      }
      if (input.apiKey !== undefined && input.apiSecret !== undefined) {
        await deps.vault.write(input.id, bindCredentials({ apiKey: input.apiKey, apiSecret: input.apiSecret }, patch.baseUrl ?? existing.baseUrl))
        patch.apiKeyHint = input.apiKey.slice(-4)
        patch.accountId = null // a new key may belong to another account: learned again on activation
      }
      const record = await deps.profiles.update(input.id, patch).catch(async (error: unknown) => {
        // Removed by another process meanwhile: the entry just written would be an orphan.
        if (isTerminalError(error) && error.kind === 'not-found' && patch.apiKeyHint !== undefined) await deps.vault.remove(input.id).catch(() => undefined)
        throw error
      })
      if (active?.id === input.id) await activate(input.id)
      return profileView(record)
    },
    async 'profiles.remove'({ id }) {
      if (!deps.profiles.get(id)) throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_PROFILE', message: 'That profile does not exist (any more).' })
      await deps.vault.remove(id)
      await deps.profiles.remove(id)
      if (active?.id === id) {
        generation += 1
        stopFeeds()
        active = null
        client = null
        accounts = []
        accountId = null
        connection = idle(now())
        await deps.profiles.setActive(null)
      }
      await publishSession()
      return { removed: true }
    },
    'profiles.activate': ({ id }) => activate(id),
    async 'profiles.test'(input) {
      if ('id' in input) {
        const record = deps.profiles.get(input.id)
        if (!record) throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_PROFILE', message: 'That profile does not exist (any more).' })
        if (record.isDemo) await ensureDemo()
        const current = deps.profiles.get(input.id)!
        return testConnection(current.baseUrl, await credentialsFor(current))
      }
      return testConnection(input.baseUrl, input)
    },

    'session.get': () => sessionState(),
    async 'accounts.select'({ accountId: wanted }) {
      const node = accountTree().find((a) => a.id === wanted)
      if (!node) throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_ACCOUNT', message: 'That account is not in this profile’s account tree.' })
      if (node.profileId && node.profileId !== active?.id) return activate(node.profileId, wanted)
      generation += 1
      accountId = wanted
      startAccountFeed()
      return publishSession()
    },

    async 'market.currencies'() {
      if (!client) throw noProfile()
      return client.currencies()
    },
    async 'market.pairs'() {
      if (!client || !active) throw noProfile()
      const cache = createMarketCache(join(deps.dataDir, 'cache'), active.baseUrl)
      try {
        const [pairs, currencies] = await Promise.all([client.pairs(), client.currencies()])
        void cache.saveLists({ pairs, currencies })
        return pairs
      } catch (error) {
        const cached = await cache.loadLists()
        if (cached) return cached.pairs
        throw error
      }
    },
    async 'market.ticker'(input) {
      if (!client) throw noProfile()
      return client.ticker(input?.pair ? { pair: input.pair } : {})
    },
    async 'market.orderbook'({ pair, limit }) {
      if (!client) throw noProfile()
      return client.orderbook(limit ? { pair, limit_buy: limit, limit_sell: limit } : { pair })
    },
    async 'market.candles'(input) {
      if (!client) throw noProfile()
      return client.candles(input)
    },
    async 'market.trades'(input) {
      if (!client) throw noProfile()
      return client.trades(input)
    },
    'market.subscribe': ({ pair, interval }) => subscribe(pair, interval),
    async 'market.unsubscribe'() {
      marketFeed?.stop()
      marketFeed = null
      marketKey = null
      return { unsubscribed: true }
    },

    async 'account.snapshot'() {
      if (!client || !active) throw noProfile()
      const gen = generation
      const feed = accountFeed
      if (!feed) throw noProfile()
      const snapshot = await feed.fetch()
      return { ...snapshot, generation: gen }
    },

    async 'orders.validate'(draft) {
      const { client: c, accountId: id } = requireTrading()
      return createOrderDesk({ client: c, accountId: () => id }).validate(draft)
    },
    async 'orders.place'(draft) {
      const { client: c, accountId: id } = requireTrading()
      const result = await createOrderDesk({ client: c, accountId: () => id }).place(draft)
      if (result.outcome === 'placed') {
        notify({ kind: 'order-placed', title: 'Order placed', body: `${draft.order_side} ${draft.order_type} ${draft.pair.replace('_', '/')} — id ${result.orderIds.join(', ')}` })
      } else {
        notify({ kind: 'warning', title: 'Order outcome unknown', body: result.message })
      }
      accountFeed?.kick()
      return result
    },
    async 'orders.cancel'(input) {
      const { client: c } = requireTrading()
      const result = await c.cancelOrders(input)
      accountFeed?.kick()
      return result
    },
  }

  function noProfile(): TerminalError {
    return new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one.' })
  }

  // ---- Start ----------------------------------------------------------------------------------------

  try {
    await ensureDemoProfile()
  } catch (error) {
    log?.warn('could not create the demo profile', { error: isTerminalError(error) ? error.message : String(error) })
  }
  const startId = deps.profiles.activeId() ?? deps.profiles.list()[0]?.id
  if (startId) {
    // Offline is a state, not a crash: activation records the failure in the connection status.
    await activate(startId).catch((error) => log?.warn('could not activate the last profile', { error: String(error) }))
  }

  return {
    async call(method, input) {
      if (disposed) throw new TerminalError({ kind: 'internal', code: 'DISPOSED', message: 'The terminal is shutting down.' })
      const handler = handlers[method] as (i: typeof input) => Promise<MethodResults[typeof method]>
      return handler(input)
    },
    on: (event, listener) => hub.on(event, listener),
    async dispose() {
      disposed = true
      generation += 1
      stopFeeds()
      hub.clear()
    },
  }
}
