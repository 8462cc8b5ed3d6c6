// Session switching: the active profile and its exchange client, the selected account, the
// connection, and the switch generation that every switch bumps.
//
// A switch aborts what is in flight for the previous session and restarts the account feed, so
// answers for an old profile or account are discarded instead of shown. Two numbers say which
// session something belongs to: `switchGeneration` (every profile or account switch) and
// `profileGeneration` (the switch generation at which the profile was activated; market data
// belongs to it). The market is a separate module (terminal-market.ts): a profile switch ends its feed through
// `onProfileEnd`, and the window subscribes again for the new exchange.
import { requireBoundCredentials } from '../credentials/credential-binding'
import { noSuchProfile } from '../profiles/profile-service'
import type { ConnectionStatus, ProfileView, SessionState } from '../../domain/api/api'
import { TerminalError, isTerminalError } from '../../domain/errors'
import type { Account } from '../../domain/wire/wire'
import { type AccountFeed, createAccountFeed } from '../account/account-feed'
import { createConnectionWatch } from './connection-watch'
import type { ExchangeClient } from '../exchange/client'
import { statusFromError } from './connection-status'
import type { ProfileRecord } from '../profiles/profile-store'
import { accountTree } from './session-views'
import { ownAccountOf, profileView as viewOfProfile } from '../profiles/profile-view'

import type { Session, SessionDeps } from './session-api'

export type { Session, SessionDeps } from './session-api'

const idle = (now: number): ConnectionStatus => ({ state: 'idle', message: 'No profile is active.', since: now })

export function createSession(deps: SessionDeps): Session {
  const { now, hub } = deps
  const log = deps.logger
  let generation = 0
  let profileGeneration = 0
  let profileAbort = new AbortController()
  let active: ProfileRecord | null = null
  let client: ExchangeClient | null = null
  let accounts: Account[] = []
  let accountId: number | null = null
  let connection: ConnectionStatus = idle(now())
  let accountFeed: AccountFeed | null = null
  const profileEndListeners: Array<() => void> = []
  const profileClientListeners = new Set<() => void>()
  const profileView = (p: ProfileRecord): ProfileView => viewOfProfile(p, deps.vault)

  async function state(): Promise<SessionState> {
    return {
      switchGeneration: generation,
      profileGeneration,
      profile: active ? profileView(active) : null,
      accounts: accountTree(accounts, active, deps.profiles.list()),
      accountId,
      canTrade: active !== null && accountId !== null && accountId === active.accountId && client !== null,
      connection,
      keychain: await deps.vault.status(),
      storageWarnings: deps.storageWarnings,
    }
  }

  async function publish(): Promise<SessionState> {
    const next = await state()
    hub.emit('session.changed', next)
    return next
  }

  function setConnection(next: ConnectionStatus): void {
    const changed = next.state !== connection.state || next.message !== connection.message
    // The exchange answers again: refresh the account now rather than when its feed's backoff
    // (up to a minute after an outage) runs out, so balances are not stale behind a green light.
    const recovered = next.state === 'online' && connection.state !== 'online' && connection.state !== 'connecting'
    connection = next
    if (changed) void publish()
    if (recovered) accountFeed?.kick()
  }

  // ---- Switching ------------------------------------------------------------------------------------

  /** Ends the profile session: its calls in flight are aborted, its feeds stop. */
  function endProfileSession(): void {
    profileAbort.abort()
    profileAbort = new AbortController()
    for (const listener of profileEndListeners) listener()
    accountFeed?.stop()
    accountFeed = null
  }

  function assertCurrent(asked: number): void {
    if (asked !== profileGeneration) {
      throw new TerminalError({ kind: 'network', code: 'ABORTED', message: 'The answer belongs to a profile that is no longer active; it was dropped.' })
    }
  }

  function startAccountFeed(): void {
    accountFeed?.stop()
    accountFeed = null
    if (!client || !active) return
    const gen = generation
    accountFeed = createAccountFeed({
      client,
      switchGeneration: gen,
      accountId,
      ownAccountId: active.accountId,
      isCurrent: (g) => g === generation,
      emit: (snapshot) => hub.emit('account.changed', snapshot),
      notify: deps.notify,
      orderOwner: deps.orderOwner,
      ownedOrderChanged: deps.ownedOrderChanged,
      ...(deps.accountMs !== undefined ? { intervalMs: deps.accountMs } : {}),
      now,
    })
  }

  // Through the origin binding: a key is only ever read for the exchange it was stored for, checked
  // against the address the request will go to (a client made before a URL change keeps its old one).
  function credentialsFor(profileId: string, baseUrl?: string) {
    return requireBoundCredentials(deps.vault, deps.profiles.get(profileId), baseUrl)
  }

  function clientFor(profile: ProfileRecord, owner: number): ExchangeClient {
    // The watch adds what the client does not report: a refused key, an unreadable answer. Reports
    // from a client of an earlier profile session (a late answer) must not paint the light.
    const set = (next: ConnectionStatus) => {
      if (owner === profileGeneration) setConnection(next)
    }
    const watch = createConnectionWatch({ now, current: () => connection, set })
    return watch.wrap(
      deps.makeClient({
        baseUrl: profile.baseUrl,
        credentials: () => credentialsFor(profile.id, profile.baseUrl),
        onStatus: (s) => watch.onClientStatus(s),
      }),
    )
  }

  let activation: Promise<void> = Promise.resolve()

  let activating = 0
  function activate(profileId: string, selectAccount?: number): Promise<SessionState> {
    activating += 1
    const run = activateNow(profileId, selectAccount)
    activation = run.then(
      () => void (activating -= 1),
      () => void (activating -= 1),
    )
    return run
  }

  async function activateNow(profileId: string, selectAccount?: number): Promise<SessionState> {
    // A profile another process just added may not be in memory yet.
    if (!deps.profiles.get(profileId)) await deps.profiles.refresh()
    if (!deps.profiles.get(profileId)) throw noSuchProfile()
    generation += 1
    const gen = generation
    profileGeneration = gen
    endProfileSession()
    const signal = profileAbort.signal
    // Until the new client exists, nothing may run on the old one under the new session's name.
    client = null
    accounts = []
    // The switch has begun; now read what the CLI or another window may have changed (URL, key).
    await deps.profiles.refresh()
    if (gen !== generation) return state()
    const record = deps.profiles.get(profileId)
    if (!record) {
      await deactivate()
      throw noSuchProfile()
    }
    if (record.isDemo) await deps.demo.ensure()
    if (gen !== generation) return state()
    active = deps.profiles.get(profileId)
    client = clientFor(active!, gen)
    accounts = []
    accountId = active!.accountId
    connection = { state: 'connecting', message: `Connecting to ${active!.name}…`, since: now() }
    for (const listener of [...profileClientListeners]) listener()
    // One write: making it active stamps its lastUsedAt too (each write of the file is flushed to disk).
    await deps.profiles.setActive(profileId)
    active = deps.profiles.get(profileId)
    await publish()
    try {
      const list = await client.accounts({ include_subaccounts: true }, { signal })
      if (gen !== generation) return state() // switched again meanwhile: this answer is stale
      accounts = list
      const own = ownAccountOf(list)
      if (own && active!.accountId !== own.id) active = await deps.profiles.update(profileId, { accountId: own.id })
      accountId = selectAccount !== undefined && list.some((a) => a.id === selectAccount) ? selectAccount : (own?.id ?? null)
      connection = { state: 'online', message: `Connected to ${active!.name}`, since: now() }
    } catch (error) {
      if (gen !== generation) return state()
      connection = statusFromError(error, now())
      log?.warn('activation failed', { profile: profileId, kind: isTerminalError(error) ? error.kind : 'internal' })
    }
    startAccountFeed()
    return publish()
  }

  async function selectAccount(wanted: number): Promise<SessionState> {
    const node = accountTree(accounts, active, deps.profiles.list()).find((a) => a.id === wanted)
    if (!node) throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_ACCOUNT', message: 'That account is not in this profile’s account tree.' })
    if (node.profileId && node.profileId !== active?.id) return activate(node.profileId, wanted)
    generation += 1
    accountId = wanted
    startAccountFeed()
    return publish()
  }

  async function deactivate(): Promise<void> {
    generation += 1
    profileGeneration = generation
    endProfileSession()
    active = null
    client = null
    accounts = []
    accountId = null
    connection = idle(now())
    await deps.profiles.setActive(null)
  }

  return {
    get switchGeneration() {
      return generation
    },
    get profileGeneration() {
      return profileGeneration
    },
    get signal() {
      return profileAbort.signal
    },
    get active() {
      return active
    },
    get client() {
      return client
    },
    get accountId() {
      return accountId
    },
    accountFeed: () => accountFeed,
    profileView,
    credentialsFor,
    state,
    publish,
    activate,
    ready: () => activation,
    switching: () => activating > 0,
    selectAccount,
    deactivate,
    onProfileClient(listener) {
      profileClientListeners.add(listener)
      return () => profileClientListeners.delete(listener)
    },
    onProfileEnd(listener) {
      profileEndListeners.push(listener)
    },
    assertCurrent,
    dispose() {
      generation += 1
      profileGeneration = generation
      endProfileSession()
    },
  }
}
