// What a profile session (terminal-session.ts) needs and what it offers: its dependencies and its
// interface, the one the rest of the core (market, positions, alerts, orders) holds it by.
import type { Notice, ProfileView, SessionState } from '../../domain/api/api'
import type { AccountFeed, OrderOwner } from '../account/account-feed'
import type { EventHub } from '../events'
import type { ExchangeClient, ExchangeClientOptions } from '../exchange/client'
import type { Logger } from '../storage/logger'
import type { ProfileRecord, ProfileStore } from '../profiles/profile-store'
import type { DemoProfiles } from '../profiles/terminal-demo'
import type { Vault } from '../credentials/vault'

export interface SessionDeps {
  vault: Vault
  profiles: ProfileStore
  hub: EventHub
  makeClient: (options: ExchangeClientOptions) => ExchangeClient
  notify: (notice: Notice) => void
  now: () => number
  storageWarnings: string[]
  logger?: Logger | undefined
  demo: DemoProfiles
  accountMs?: number | undefined
  /** A protected position's order, by id: the account feed's notices name it (positions/). */
  orderOwner?: (orderId: number) => OrderOwner | null
  /** Such an order changed its status at the exchange: the keeper reads its orders now (positions/). */
  ownedOrderChanged?: () => void
}

export interface Session {
  readonly switchGeneration: number
  readonly profileGeneration: number
  /** Aborted when the profile session ends: every exchange call made for it passes this. */
  readonly signal: AbortSignal
  readonly active: ProfileRecord | null
  readonly client: ExchangeClient | null
  readonly accountId: number | null
  accountFeed(): AccountFeed | null
  profileView(p: ProfileRecord): ProfileView
  /** The profile's key, if it is bound to `baseUrl` (the profile's own by default): where it will be sent. */
  credentialsFor(profileId: string, baseUrl?: string): Promise<{ apiKey: string; apiSecret: string }>
  state(): Promise<SessionState>
  publish(): Promise<SessionState>
  activate(profileId: string, selectAccount?: number): Promise<SessionState>
  selectAccount(accountId: number): Promise<SessionState>
  /** Resolves once the activation under way (if any) has finished, whatever its outcome. */
  ready(): Promise<void>
  /** True while a profile activation is under way. */
  switching(): boolean
  /** The active profile was removed: no session at all. */
  deactivate(): Promise<void>
  /** `listener` runs whenever the active profile session ends (a switch, a removal, shutting down). */
  onProfileEnd(listener: () => void): void
  /**
   * `listener` runs once a profile session has its client, before the activation is written to disk
   * and the accounts are read (what needs no account can start then); returns its removal.
   */
  onProfileClient(listener: () => void): () => void
  /** Throws ABORTED when the profile session `profileGeneration` is no longer the active one. */
  assertCurrent(profileGeneration: number): void
  dispose(): void
}
