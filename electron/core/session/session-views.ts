// What the window sees of the session's accounts: the account tree with, for each account, the
// profile that holds its own key. A pure function of the session's state, so the session decides when
// to show it and this only what (a profile's own view is profiles/profile-view.ts).
import type { AccountNode } from '../../domain/api/api'
import type { Account } from '../../domain/wire/wire'
import type { ProfileRecord } from '../profiles/profile-store'

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
