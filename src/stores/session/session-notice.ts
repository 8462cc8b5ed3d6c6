// What the banner under the header says about a session: the exchange cannot be reached (then nothing
// is known about the account, so it is not called view-only), or the account is view-only. The
// session store shows it; the window's first chart (features/chart/first-chart.ts) is not drawn
// where a banner will push the chart down.
import type { SessionState } from '@domain/api/api'

export type SessionNotice = 'unreachable' | 'view-only'

export function sessionNotice(s: SessionState | null | undefined): SessionNotice | null {
  if (!s?.profile) return null
  if (s.connection.state === 'offline' && s.connection.problem !== 'auth-failed') return 'unreachable'
  if (!s.canTrade && s.accounts.length > 0) return 'view-only'
  return null
}
