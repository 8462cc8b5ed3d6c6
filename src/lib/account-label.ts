// How an account is named in the views over several accounts: "Demo Trader (#1311)", and where the
// accounts span several exchanges, which one ("Demo Trader (#1311 on 127.0.0.1:8080)"): account ids
// are unique within one exchange only.

/** "exchange.example" or "127.0.0.1:8080": an origin without its scheme. */
export function hostOf(exchange: string): string {
  return exchange.replace(/^[a-z]+:\/\//, '')
}

export function accountLabel(a: { id: number; name: string; exchange?: string }, manyExchanges: boolean): string {
  return `${a.name} (#${a.id}${manyExchanges && a.exchange ? ` on ${hostOf(a.exchange)}` : ''})`
}

/** True when the accounts live on more than one exchange. */
export function spansExchanges(accounts: readonly { exchange?: string }[]): boolean {
  return new Set(accounts.map((a) => a.exchange)).size > 1
}

/**
 * Where an order goes, as its confirmation names it: with several profiles and sub-accounts, the pair
 * and the amount alone do not say whose money it is. Null without a profile.
 */
export function orderDestination(profile: { name: string; baseUrl: string } | null, account: { id: number; name: string } | null, accountId: number | null): string | null {
  if (!profile) return null
  let host = profile.baseUrl
  try {
    host = new URL(profile.baseUrl).host
  } catch {
    // shown as stored
  }
  return `${account ? `${account.name} #${account.id}` : `account #${accountId ?? '?'}`} · profile ${profile.name} (${host})`
}
