// What may be shown of a profile, and whose key it is: a profile without its secret (the key only as
// its last four characters), and the account a key belongs to among those it sees. Pure functions of
// a record, shared by the session, the profiles.* handlers and the CLI.
import type { ProfileView } from '../../domain/api/api'
import type { Account } from '../../domain/wire/wire'
import type { Vault } from '../credentials/vault'
import type { ProfileRecord } from './profile-store'

export function profileView(p: ProfileRecord, vault: Pick<Vault, 'storageOf'>): ProfileView {
  return {
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    feedUrl: p.feedUrl ?? null,
    apiKeyHint: p.apiKeyHint,
    accountId: p.accountId,
    isDemo: p.isDemo,
    createdAt: p.createdAt,
    lastUsedAt: p.lastUsedAt,
    secretStorage: vault.storageOf(p.id),
  }
}

/** Learns which account a key belongs to: the only one it sees, or the master among several. */
export function ownAccountOf(list: Account[]): Account | null {
  if (list.length === 1) return list[0] ?? null
  return list.find((a) => a.parent_id === null || a.parent_id === undefined) ?? list[0] ?? null
}
