// What the window sees of the session: a profile without its secret (the key only as its last four
// characters), and the account tree with, for each account, the profile that holds its own key. Pure
// functions of the session's state, so the session decides when to show them and these only what.
import type { AccountNode, ProfileView } from '../../domain/api'
import type { Account } from '../../domain/wire'
import type { ProfileRecord } from '../profiles/profile-store'
import type { Vault } from '../credentials/vault'

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

const sameExchange = (a: ProfileRecord, b: ProfileRecord) => (a.isDemo && b.isDemo) || a.baseUrl === b.baseUrl

/** The accounts the active profile's key sees, each with the profile (of the same exchange) that holds its key. */
export function accountTree(accounts: Account[], active: ProfileRecord | null, profiles: ProfileRecord[]): AccountNode[] {
  return accounts.map((a) => {
    const holder = active && (a.id === active.accountId ? active : profiles.find((p) => p.accountId === a.id && sameExchange(p, active)))
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

/** Learns which account a key belongs to: the only one it sees, or the master among several. */
export function ownAccountOf(list: Account[]): Account | null {
  if (list.length === 1) return list[0] ?? null
  return list.find((a) => a.parent_id === null || a.parent_id === undefined) ?? list[0] ?? null
}
